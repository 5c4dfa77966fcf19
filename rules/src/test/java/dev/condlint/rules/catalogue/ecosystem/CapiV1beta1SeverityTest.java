package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.SettingsOverrides;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CapiV1beta1SeverityTest {
  private static final String RULE = "capi-v1beta1-severity";

  private static String machine(String type, String status, String severity) {
    return """
        apiVersion: cluster.x-k8s.io/v1beta1
        kind: Machine
        metadata:
          name: worker-0
        status:
          conditions:
          - type: %s
            status: "%s"
            severity: %s
            reason: WaitingForInfrastructure
            lastTransitionTime: "2024-05-01T12:00:00Z"
        """
        .formatted(type, status, severity);
  }

  @ParameterizedTest
  @CsvSource({"True, Warning", "Unknown, Info", "False, Critical", "False, Fatal"})
  void reportsASeverityOutsideTheEnumOrOnAConditionThatIsNotAbnormal(String status, String severity) {
    assertEquals(
        List.of("9:15 error " + RULE + " /status/conditions/0/severity"),
        RuleRun.of(RULE).profile("capi-v1beta1").lines(machine("Ready", status, severity)));
  }

  @ParameterizedTest
  @CsvSource({"False, Error", "False, Warning", "False, Info", "True, '\"\"'"})
  void acceptsAValidSeverityWhereItBelongs(String status, String severity) {
    assertEquals(List.of(), RuleRun.of(RULE).profile("capi-v1beta1").lines(machine("Ready", status, severity)));
  }

  @Test
  void readsNegativePolarityTypesFromTheRegistry() {
    SettingsOverrides negative =
        new SettingsOverrides(
            List.of("DrainBlocked"), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of(),
            List.of(), Optional.empty(), Optional.empty());
    Config config =
        new Config(
            Optional.empty(), Optional.of("capi-v1beta1"), Map.of(), Map.of(), Map.of(), negative, List.of(),
            List.of(), List.of(), Optional.empty(), false, true);
    assertEquals(List.of(), RuleRun.of(RULE).config(config).lines(machine("DrainBlocked", "True", "Warning")));
    assertEquals(
        List.of("9:15 error " + RULE + " /status/conditions/0/severity"),
        RuleRun.of(RULE).config(config).lines(machine("DrainBlocked", "False", "Warning")));
  }
}
