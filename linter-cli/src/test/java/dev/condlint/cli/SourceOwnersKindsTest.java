package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An object of a kind only the source-owners population of the bundled CRD index has: api.cp.ei.telekom.de/v1 Api, whose
 * CRD telekom/controlplane publishes in api/config/crd/bases with metav1.Condition's item schema. explain names the
 * basis "the CRD schema of ..." with the repository's commit and file, and lint holds the object to that schema
 * (resources/source-owners/api.yaml, written for this test). The third reader's (orgs20b's) source ankasoftco/provider-vcd
 * gives vcd.crossplane.io/v1alpha1 Vm, whose condition type is Crossplane's own (lastTransitionTime and reason required):
 * explain names that CRD and its commit, and lint holds the object to it (resources/source-owners/vm.yaml, written for
 * this test).
 */
class SourceOwnersKindsTest {
  @TempDir Path dir;

  @Test
  void explainNamesTheCrdSchemaOfTheSourceOwnersSourceAsItsBasis() throws IOException {
    Files.copy(Path.of("src/test/resources/source-owners/api.yaml"), dir.resolve("api.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("explain", "api.yaml");

    assertEquals(new CliRun.Result(0, "api.yaml:5: Api/team-a/orders-v1 (api.cp.ei.telekom.de/v1)\n"
        + "  status.conditions, line 11\n"
        + "    condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)\n"
        + "      fields: lastTransitionTime (required), message (required), observedGeneration (optional), reason (required, non-empty), status (required), type (required)\n"
        + "      basis: the CRD schema of api.cp.ei.telekom.de/Api v1, telekom/controlplane@9ab9857; source: telekom/controlplane api/config/crd/bases/api.cp.ei.telekom.de_apis.yaml@9ab985765c01\n"
        + "    types:\n"
        + "      Ready: normal-true\n"
        + "        basis: inferred from the type name Ready; source: api-conventions.md: Ready is the summary condition, True when the object is ready\n"
        + "      Synced: unknown\n"
        + "        basis: nothing says, so the rules that depend on polarity leave it alone\n"
        + "    summary: Ready\n"
        + "      basis: inferred from the type name Ready\n"
        + "    observedGeneration: condition (each condition's observedGeneration)\n"
        + "      basis: the CRD schema of api.cp.ei.telekom.de/Api v1, telekom/controlplane@9ab9857; source: telekom/controlplane api/config/crd/bases/api.cp.ei.telekom.de_apis.yaml@9ab985765c01\n"
        + "\n"
        + "  What condlint inferred, as a .condlint.yaml entry to confirm or correct:\n"
        + "\n"
        + "contracts:\n"
        + "  - group: api.cp.ei.telekom.de\n"
        + "    kinds: [Api]\n"
        + "    conditions:\n"
        + "      types:\n"
        + "        Ready: normal-true\n"
        + "        Synced: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?\n"
        + "      summary: [Ready]\n", ""), r);
  }

  @Test
  void lintHoldsTheObjectToTheConditionTypeItsCrdDeclares() throws IOException {
    Files.copy(Path.of("src/test/resources/source-owners/api.yaml"), dir.resolve("api.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("lint", "api.yaml");

    assertEquals(new CliRun.Result(1, "api.yaml: profile k8s (1 object)\n"
        + "api.yaml:17:5: error condition-last-transition-time-required: Condition \"Synced\" has no lastTransitionTime; its condition type requires it (per the CRD schema of api.cp.ei.telekom.de/Api v1, telekom/controlplane@9ab9857), so that clients know since when the status holds.\n"
        + "    hint: Set `lastTransitionTime` to the RFC 3339 time of the last status change, e.g. \"2024-05-01T12:00:00Z\".\n"
        + "api.yaml:19:13: error condition-reason-required: Condition \"Synced\" has an empty reason; its condition type requires a non-empty one (per the CRD schema of api.cp.ei.telekom.de/Api v1, telekom/controlplane@9ab9857), so that users and tools can tell why the condition is as it is.\n"
        + "    hint: Set `reason` to a one-word CamelCase cause, e.g. `reason: ImagePullFailed`.\n"
        + "Checked 1 file (1 object): 2 errors, 0 warnings, 0 infos.\n", ""), r);
  }

  @Test
  void explainNamesTheThirdReadersSourceForAKindOnlyItHas() throws IOException {
    Files.copy(Path.of("src/test/resources/source-owners/vm.yaml"), dir.resolve("vm.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("explain", "vm.yaml");

    assertEquals(new CliRun.Result(0, "vm.yaml:4: Vm/web-1 (vcd.crossplane.io/v1alpha1)\n"
        + "  status.conditions, line 9\n"
        + "    condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares for the kind)\n"
        + "      fields: lastTransitionTime (required), message (optional), reason (required), status (required), type (required)\n"
        + "      basis: the CRD schema of vcd.crossplane.io/Vm v1alpha1, ankasoftco/provider-vcd@2dd7eaa; source: ankasoftco/provider-vcd package/crds/vcd.crossplane.io_vms.yaml@2dd7eaa89a2c\n"
        + "    types:\n"
        + "      Ready: normal-true\n"
        + "        basis: inferred from the type name Ready; source: api-conventions.md: Ready is the summary condition, True when the object is ready\n"
        + "      Synced: unknown\n"
        + "        basis: nothing says, so the rules that depend on polarity leave it alone\n"
        + "    summary: Ready\n"
        + "      basis: inferred from the type name Ready\n"
        + "    observedGeneration: unknown\n"
        + "      basis: nothing says, and none of its conditions carries it\n"
        + "\n"
        + "  What condlint inferred, as a .condlint.yaml entry to confirm or correct:\n"
        + "\n"
        + "contracts:\n"
        + "  - group: vcd.crossplane.io\n"
        + "    kinds: [Vm]\n"
        + "    conditions:\n"
        + "      types:\n"
        + "        Ready: normal-true\n"
        + "        Synced: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?\n"
        + "      summary: [Ready]\n"
        + "      # observedGeneration:  # unknown: status, condition, both or none\n", ""), r);
  }

  @Test
  void lintHoldsTheVcdObjectToItsCrdsConditionType() throws IOException {
    Files.copy(Path.of("src/test/resources/source-owners/vm.yaml"), dir.resolve("vm.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("lint", "vm.yaml");

    assertEquals(new CliRun.Result(1, "vm.yaml: profile k8s (1 object)\n"
        + "vm.yaml:14:5: error condition-last-transition-time-required: Condition \"Synced\" has no lastTransitionTime; its condition type requires it (per the CRD schema of vcd.crossplane.io/Vm v1alpha1, ankasoftco/provider-vcd@2dd7eaa), so that clients know since when the status holds.\n"
        + "    hint: Set `lastTransitionTime` to the RFC 3339 time of the last status change, e.g. \"2024-05-01T12:00:00Z\".\n"
        + "Checked 1 file (1 object): 1 error, 0 warnings, 0 infos.\n", ""), r);
  }
}
