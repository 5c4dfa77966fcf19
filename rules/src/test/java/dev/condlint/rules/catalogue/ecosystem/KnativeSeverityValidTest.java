package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Document;
import dev.condlint.rules.testing.RuleRun;
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
        RuleRun.of(RULE).profile("knative").lines(taskRun("Error", "Warning")));
  }

  @Test
  void acceptsInfoAndWarningOnDependentsAndEmptyOnTheSummary() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").lines(taskRun("Info", "\"\"")));
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").lines(taskRun("Warning", "\"\"")));
  }

  @Test
  void reportsTheSummaryOnceWhenItsValueIsOutsideTheEnum() {
    assertEquals(
        List.of("12:15 error " + RULE + " /status/conditions/1/severity"),
        RuleRun.of(RULE).profile("knative").lines(taskRun("Info", "Error")));
  }

  @Test
  void leavesYamlCoercedValuesToA06() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").lines(taskRun("no", "\"\"")));
  }

  @Test
  void reportsANonStringSeverityThatNoYamlReaderCoerced() throws Exception {
    JsonNode object =
        new ObjectMapper()
            .readTree(
                """
                {"apiVersion": "serving.knative.dev/v1", "kind": "Service", "metadata": {"name": "hello"},
                 "status": {"conditions": [{"type": "Ready", "status": "True", "severity": false}]}}
                """);
    assertEquals(
        List.of("- error " + RULE + " /status/conditions/0/severity"),
        RuleRun.of(RULE).profile("knative").withoutNow().lines(Document.of(object)));
  }

  @Test
  void isOffOutsideTheKnativeProfile() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(taskRun("Error", "Warning")));
  }
}
