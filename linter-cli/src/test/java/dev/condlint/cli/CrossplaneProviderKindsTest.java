package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A managed resource of a group only the crossplane-providers population of the bundled CRD index has
 * (crossplane-contrib/provider-keycloak's realm.keycloak.crossplane.io, which no hand-built catalogue entry and no
 * earlier source covers): explain names that source and its commit, and lint holds an object of the kind, the
 * provider's own example (resources/crossplane-providers/realm.yaml, from its examples/realms.yaml) with a status
 * added, to crossplane-runtime's Condition as the provider's CRD declares it.
 */
class CrossplaneProviderKindsTest {
  private static final String BASIS = "the CRD schema of realm.keycloak.crossplane.io/Realm v1alpha1,"
      + " crossplane-contrib/provider-keycloak@b29d027";

  @TempDir Path dir;

  @Test
  void aKeycloakRealmIsExplainedWithTheProvidersCrdAndItsCommit() {
    CliRun.Result r = CliRun.in(dir).run(List.of("explain"), "realm.keycloak.crossplane.io/Realm");

    String basis = BASIS + "; source: crossplane-contrib/provider-keycloak"
        + " package/crds/realm.keycloak.crossplane.io_realms.yaml@b29d027a9eed";
    assertEquals(new CliRun.Result(0, "Realm.realm.keycloak.crossplane.io, version v1alpha1\n"
        + "  status.conditions\n"
        + "    condition type: crossplane (github.com/crossplane/crossplane-runtime/apis/common/v1.Condition"
        + " (xpv1; crossplane-runtime <= v1.20) == crossplane-runtime/v2/apis/common.Condition (v2.0-v2.3,"
        + " re-exported as apis/common/v1) == github.com/crossplane/crossplane/apis/v2/core/v2.Condition"
        + " (xpv2; since March 2026))\n"
        + "      fields: lastTransitionTime (required), message (optional), observedGeneration (optional),"
        + " reason (required), status (required), type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: condition (each condition's observedGeneration)\n"
        + "      basis: " + basis + "\n", ""), r);
  }

  @Test
  void theProvidersExampleRealmIsHeldToCrossplanesConditionAsItsCrdDeclaresIt() throws IOException {
    Files.copy(Path.of("src/test/resources/crossplane-providers/realm.yaml"), dir.resolve("realm.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("lint", "realm.yaml");

    assertEquals(new CliRun.Result(1, "realm.yaml: profile k8s (1 object)\n"
        + "realm.yaml:16:5: error condition-last-transition-time-required: Condition \"Ready\" has no"
        + " lastTransitionTime; its condition type requires it (per " + BASIS + "), so that clients know since"
        + " when the status holds.\n"
        + "    hint: Set `lastTransitionTime` to the RFC 3339 time of the last status change, e.g."
        + " \"2024-05-01T12:00:00Z\".\n"
        + "realm.yaml:25:15: warning condition-unknown-field: Condition \"Synced\" has field \"severity\", which its"
        + " condition type (lastTransitionTime, message, observedGeneration, reason, status, type, per " + BASIS
        + ") does not have: its controller does not write it, and a CRD schema that declares the condition type"
        + " prunes it silently.\n"
        + "    hint: Remove the field, or move the information into reason or message.\n"
        + "Checked 1 file (1 object): 1 error, 1 warning, 0 infos.\n", ""), r);
  }
}
