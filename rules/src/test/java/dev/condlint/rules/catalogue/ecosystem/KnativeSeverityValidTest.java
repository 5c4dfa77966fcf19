package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.BuiltInRules;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.testing.RuleFindings;
import java.util.List;
import java.util.Optional;
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
  void reportsANonStringSeverityThatNoYamlReaderCoerced() throws Exception {
    JsonNode object =
        new ObjectMapper()
            .readTree(
                """
                {"apiVersion": "serving.knative.dev/v1", "kind": "Service", "metadata": {"name": "hello"},
                 "status": {"conditions": [{"type": "Ready", "status": "True", "severity": false}]}}
                """);
    Engine engine = new Engine(BuiltInRules.registry(), Config.DEFAULT.withForcedProfile("knative"));
    List<String> findings =
        engine.check(Document.of(object), Optional.empty()).stream()
            .filter(f -> f.ruleId().equals(RULE))
            .map(f -> f.severity().label() + " " + f.pointer() + " " + f.position().isPresent())
            .toList();
    assertEquals(List.of("error /status/conditions/0/severity false"), findings);
  }

  @Test
  void isOffOutsideTheKnativeProfile() {
    assertEquals(List.of(), RuleFindings.of(RULE, "k8s", taskRun("Error", "Warning")));
  }
}
