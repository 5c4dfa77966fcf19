package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Document;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | ImagePulled severity | Succeeded severity | expected
      reports a value outside the enum and a non-empty summary severity | knative | Error | Warning \
        | 9:15 error knative-severity-valid /status/conditions/0/severity \
        ; 12:15 error knative-severity-valid /status/conditions/1/severity
      accepts Info on a dependent and empty on the summary | knative | Info | "" |
      accepts Warning on a dependent and empty on the summary | knative | Warning | "" |
      reports the summary once when its value is outside the enum | knative | Info | Error \
        | 12:15 error knative-severity-valid /status/conditions/1/severity
      leaves YAML-coerced values to A06 | knative | no | "" |
      is off outside the knative profile | k8s | Error | Warning |
      """)
  void judgesTheSeveritiesOfATaskRun(
      String example, String profile, String dependentSeverity, String summarySeverity, String expected) {
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile(profile).lines(taskRun(dependentSeverity, summarySeverity)));
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

}
