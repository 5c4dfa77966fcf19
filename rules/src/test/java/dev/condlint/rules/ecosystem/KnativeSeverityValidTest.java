package dev.condlint.rules.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleFindings;
import java.util.List;
import org.junit.jupiter.api.Test;

class KnativeSeverityValidTest {
  private static final String RULE = "knative-severity-valid";

  /** A batch-style object: Succeeded is the summary; the two severities vary. */
  private static String taskRun(String dependentSeverity, String summarySeverity) {
    return """
        apiVersion: tekton.dev/v1
        kind: TaskRun
        metadata:
          name: build-1
        status:
          conditions:
          - type: ImagePulled
            status: "True"
            severity: %s
          - type: Succeeded
            status: "Unknown"
            severity: %s
            reason: Running
            message: Not all Steps in the Task have finished executing
        """
        .formatted(dependentSeverity, summarySeverity);
  }

  @Test
  void reportsAValueOutsideTheEnumAndANonEmptySummarySeverity() {
    assertEquals(
        List.of(
            "9:15 error " + RULE + " /status/conditions/0/severity",
            "12:15 error " + RULE + " /status/conditions/1/severity"),
        RuleFindings.of(RULE, "knative", taskRun("Error", "Warning")));
  }

  @Test
  void acceptsInfoAndWarningOnDependentsAndEmptyOnTheSummary() {
    assertEquals(List.of(), RuleFindings.of(RULE, "knative", taskRun("Info", "\"\"")));
    assertEquals(List.of(), RuleFindings.of(RULE, "knative", taskRun("Warning", "\"\"")));
  }

  @Test
  void reportsTheSummaryOnceWhenItsValueIsOutsideTheEnum() {
    assertEquals(
        List.of("12:15 error " + RULE + " /status/conditions/1/severity"),
        RuleFindings.of(RULE, "knative", taskRun("Info", "Error")));
  }

  @Test
  void leavesYamlCoercedValuesToA06() {
    assertEquals(List.of(), RuleFindings.of(RULE, "knative", taskRun("no", "\"\"")));
  }

  @Test
  void isOffOutsideTheKnativeProfile() {
    assertEquals(List.of(), RuleFindings.of(RULE, "k8s", taskRun("Error", "Warning")));
  }
}
