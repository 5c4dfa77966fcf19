package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KnativeSummaryAggregationTest {
  private static final String RULE = "knative-summary-aggregation";

  /** A Knative Service with one dependent, whose status line and severity vary, and a Ready summary. */
  private static String service(String dependentStatusLine, String dependentSeverity, String readyStatus) {
    return """
        apiVersion: serving.knative.dev/v1
        kind: Service
        metadata:
          name: hello
        status:
          conditions:
          - type: RoutesReady
            %s
            severity: %s
            reason: RevisionMissing
            message: Revision "hello-00002" referenced in traffic not found.
          - type: Ready
            status: %s
        """
        .formatted(dependentStatusLine, dependentSeverity, readyStatus);
  }

  @ParameterizedTest
  @CsvSource({
    "'status: \"False\"', '\"True\"'",
    "'status: \"False\"', '\"Unknown\"'",
    "'status: \"Unknown\"', '\"True\"'",
    "'# no status, which Knative reads as Unknown', '\"True\"'"
  })
  void reportsASummaryThatDoesNotAggregateAnErrorSeverityDependent(String dependentStatusLine, String readyStatus) {
    assertEquals(
        List.of("13:13 error " + RULE + " /status/conditions/1/status"),
        RuleRun.of(RULE).profile("knative").lines(service(dependentStatusLine, "\"\"", readyStatus)));
  }

  @ParameterizedTest
  @CsvSource({
    "'status: \"False\"', '\"\"', '\"False\"'",
    "'status: \"Unknown\"', '\"\"', '\"Unknown\"'",
    "'status: \"Unknown\"', '\"\"', '\"False\"'",
    "'status: \"False\"', Info, '\"True\"'",
    "'status: \"False\"', Warning, '\"True\"'"
  })
  void acceptsAnAggregatedSummaryOrANonErrorDependent(String dependentStatusLine, String severity, String readyStatus) {
    assertEquals(List.of(), RuleRun.of(RULE).profile("knative").lines(service(dependentStatusLine, severity, readyStatus)));
  }
}
