package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An object of a kind only the go-types population of the bundled CRD index has: submariner.io/v1 GlobalEgressIP,
 * whose project commits no CRD manifest and whose Go types (pkg/apis/submariner.io/v1/types.go) declare
 * {@code Conditions []metav1.Condition}. explain names the basis "the Go types of ...", with the repository's commit
 * and file, and lint holds the object to metav1.Condition as controller-gen would write the CRD
 * (resources/go-types/globalegressip.yaml, written for this test).
 */
class GoTypesKindsTest {
  @TempDir Path dir;

  @Test
  void explainNamesTheGoTypesOfTheKindAsItsBasis() throws IOException {
    Files.copy(Path.of("src/test/resources/go-types/globalegressip.yaml"), dir.resolve("globalegressip.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("explain", "globalegressip.yaml");

    assertEquals(new CliRun.Result(0, "globalegressip.yaml:5: GlobalEgressIP/default/egress (submariner.io/v1)\n"
        + "  status.conditions, line 11\n"
        + "    condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)\n"
        + "      fields: lastTransitionTime (required), message (required), observedGeneration (optional), reason (required, non-empty), status (required), type (required)\n"
        + "      basis: the Go types of submariner.io/GlobalEgressIP v1, submariner-io/submariner@5b70b1e; source: submariner-io/submariner pkg/apis/submariner.io/v1/types.go@5b70b1e43f8d\n"
        + "    types:\n"
        + "      Allocated: unknown\n"
        + "      Synced: unknown\n"
        + "        basis of the 2 above: nothing says, so the rules that depend on polarity leave it alone\n"
        + "    summary: none\n"
        + "      basis: nothing says, and no Ready or Succeeded condition is present\n"
        + "    observedGeneration: condition (each condition's observedGeneration)\n"
        + "      basis: the Go types of submariner.io/GlobalEgressIP v1, submariner-io/submariner@5b70b1e; source: submariner-io/submariner pkg/apis/submariner.io/v1/types.go@5b70b1e43f8d\n"
        + "\n"
        + "  What condlint inferred, as a .condlint.yaml entry to confirm or correct:\n"
        + "\n"
        + "contracts:\n"
        + "  - group: submariner.io\n"
        + "    kinds: [GlobalEgressIP]\n"
        + "    conditions:\n"
        + "      types:\n"
        + "        Allocated: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?\n"
        + "        Synced: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?\n"
        + "      # summary: []  # none found: the type(s) that sum the object's health up, if it has one\n", ""), r);
  }

  @Test
  void lintHoldsTheObjectToMetav1ConditionAsItsGoTypesDeclareIt() throws IOException {
    Files.copy(Path.of("src/test/resources/go-types/globalegressip.yaml"), dir.resolve("globalegressip.yaml"));

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("lint", "globalegressip.yaml");

    assertEquals(new CliRun.Result(1, "globalegressip.yaml: profile k8s (1 object)\n"
        + "globalegressip.yaml:10:1: info kstatus-progress-detectable: kstatus cannot see when this GlobalEgressIP is in progress or failed: its status has no observedGeneration and its conditions include none of Ready, Reconciling or Stalled, so tools that wait on kstatus take whatever it says as final. kstatus computes Current: Resource is current.\n"
        + "    hint: Set status.observedGeneration to metadata.generation at the end of each reconcile, or publish a Ready condition (or Reconciling/Stalled while they apply).\n"
        + "globalegressip.yaml:17:5: error condition-last-transition-time-required: Condition \"Synced\" has no lastTransitionTime; its condition type requires it (per the Go types of submariner.io/GlobalEgressIP v1, submariner-io/submariner@5b70b1e), so that clients know since when the status holds.\n"
        + "    hint: Set `lastTransitionTime` to the RFC 3339 time of the last status change, e.g. \"2024-05-01T12:00:00Z\".\n"
        + "globalegressip.yaml:19:13: error condition-reason-required: Condition \"Synced\" has an empty reason; its condition type requires a non-empty one (per the Go types of submariner.io/GlobalEgressIP v1, submariner-io/submariner@5b70b1e), so that users and tools can tell why the condition is as it is.\n"
        + "    hint: Set `reason` to a one-word CamelCase cause, e.g. `reason: ImagePullFailed`.\n"
        + "Checked 1 file (1 object): 2 errors, 0 warnings, 1 info.\n", ""), r);
  }
}
