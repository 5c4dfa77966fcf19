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
 * (resources/source-owners/api.yaml, written for this test). The same for a kind of the population's second reading,
 * tmc.crossplane.io/v1alpha1 Cluster (ankasoftco/provider-tmc), whose own condition type leaves message optional.
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

  /**
   * The second reading's source: tmc.crossplane.io/v1alpha1 Cluster, from ankasoftco/provider-tmc's package/crds, whose
   * condition item requires lastTransitionTime and reason but not message (resources/source-owners/tmc-cluster.yaml).
   */
  @Test
  void explainNamesTheSecondReadingsSourceAsTheBasisOfItsKind() throws IOException {
    Files.copy(Path.of("src/test/resources/source-owners/tmc-cluster.yaml"), dir.resolve("tmc-cluster.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("explain", "tmc-cluster.yaml");

    assertEquals(new CliRun.Result(0, "tmc-cluster.yaml:5: Cluster/team-a-cluster (tmc.crossplane.io/v1alpha1)\n"
        + "  status.conditions, line 10\n"
        + "    condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares for the kind)\n"
        + "      fields: lastTransitionTime (required), message (optional), reason (required), status (required), type (required)\n"
        + "      basis: the CRD schema of tmc.crossplane.io/Cluster v1alpha1, ankasoftco/provider-tmc@4ee9d6a; source: ankasoftco/provider-tmc package/crds/tmc.crossplane.io_clusters.yaml@4ee9d6a3c998\n"
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
        + "  - group: tmc.crossplane.io\n"
        + "    kinds: [Cluster]\n"
        + "    conditions:\n"
        + "      types:\n"
        + "        Ready: normal-true\n"
        + "        Synced: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?\n"
        + "      summary: [Ready]\n"
        + "      # observedGeneration:  # unknown: status, condition, both or none\n", ""), r);
  }

  @Test
  void lintHoldsTheSecondReadingsKindToItsCrdsConditionType() throws IOException {
    Files.copy(Path.of("src/test/resources/source-owners/tmc-cluster.yaml"), dir.resolve("tmc-cluster.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("lint", "tmc-cluster.yaml");

    assertEquals(new CliRun.Result(1, "tmc-cluster.yaml: profile k8s (1 object)\n"
        + "tmc-cluster.yaml:15:5: error condition-last-transition-time-required: Condition \"Synced\" has no lastTransitionTime; its condition type requires it (per the CRD schema of tmc.crossplane.io/Cluster v1alpha1, ankasoftco/provider-tmc@4ee9d6a), so that clients know since when the status holds.\n"
        + "    hint: Set `lastTransitionTime` to the RFC 3339 time of the last status change, e.g. \"2024-05-01T12:00:00Z\".\n"
        + "Checked 1 file (1 object): 1 error, 0 warnings, 0 infos.\n", ""), r);
  }
}
