package dev.condlint.rules.catalogue.crd;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CRD rules' levels in every profile (CONVENTIONS.md §4), on one Knative-style status schema: no
 * list-map, no maxItems, only type and status required, plain strings, a severity field, a phase, no
 * top-level observedGeneration. Its condition type is its own (no condition struct of the catalogue has
 * both severity and observedGeneration), so no profile holds it to metav1.Condition's required fields,
 * patterns or lengths (E04-E10 say nothing of them), and its plain status and lastTransitionTime get only
 * E05's and E09's info naming the convention, in every profile; what every condition type owes remains.
 */
class CrdProfilesTest {
  private static final String CRD = crd("Thing", "example.com", "v1", conditionsStatus("phase: {type: string}",
      "[type, status]", "type: {type: string}", "status: {type: string}", "severity: {type: string}",
      "reason: {type: string}", "message: {type: string}", "lastTransitionTime: {type: string}",
      "observedGeneration: {type: integer}"));

  /** Each profile's findings as {@code LINE:COL RULE SEVERITY}, in source order. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    // The k8s column of §4; the others differ from it only where the table says so.
    "k8s          | 21:13 crd-status-observed-generation info, 22:15 crd-status-phase info,"
        + " 23:15 crd-conditions-list-map warning, 23:15 crd-conditions-max-items info,"
        + " 28:19 crd-conditions-item-is-metav1 info, 30:21 crd-condition-status-enum info,"
        + " 34:21 crd-condition-time-format info",
    // kstatus reads only the top-level observedGeneration: its absence is a warning.
    "kstatus      | 21:13 crd-status-observed-generation warning, 22:15 crd-status-phase info,"
        + " 23:15 crd-conditions-list-map warning, 23:15 crd-conditions-max-items info,"
        + " 28:19 crd-conditions-item-is-metav1 info, 30:21 crd-condition-status-enum info,"
        + " 34:21 crd-condition-time-format info",
    // Flux CRDs have no list-map markers on purpose: E02 is info.
    "flux         | 21:13 crd-status-observed-generation warning, 22:15 crd-status-phase info,"
        + " 23:15 crd-conditions-list-map info, 23:15 crd-conditions-max-items info,"
        + " 28:19 crd-conditions-item-is-metav1 info, 30:21 crd-condition-status-enum info,"
        + " 34:21 crd-condition-time-format info",
    // Knative's own condition type: E17 is off.
    "knative      | 21:13 crd-status-observed-generation warning, 22:15 crd-status-phase info,"
        + " 23:15 crd-conditions-list-map info, 23:15 crd-conditions-max-items info,"
        + " 30:21 crd-condition-status-enum info, 34:21 crd-condition-time-format info",
    // Cluster API keeps phase on purpose.
    "capi-v1beta2 | 21:13 crd-status-observed-generation info, 23:15 crd-conditions-list-map warning,"
        + " 23:15 crd-conditions-max-items info, 28:19 crd-conditions-item-is-metav1 info,"
        + " 30:21 crd-condition-status-enum info, 34:21 crd-condition-time-format info",
    // Cluster API v1beta1 has a condition type of its own (with severity): E17 is off.
    "capi-v1beta1 | 21:13 crd-status-observed-generation info, 23:15 crd-conditions-list-map warning,"
        + " 23:15 crd-conditions-max-items info, 30:21 crd-condition-status-enum info,"
        + " 34:21 crd-condition-time-format info",
    // Gateway API relies on per-condition observedGeneration: E13 is off.
    "gateway-api  | 22:15 crd-status-phase info, 23:15 crd-conditions-list-map warning,"
        + " 23:15 crd-conditions-max-items info, 28:19 crd-conditions-item-is-metav1 info,"
        + " 30:21 crd-condition-status-enum info, 34:21 crd-condition-time-format info",
    // cert-manager's condition type has no top-level observedGeneration: E13 is off.
    "cert-manager | 22:15 crd-status-phase info, 23:15 crd-conditions-list-map warning,"
        + " 23:15 crd-conditions-max-items info, 30:21 crd-condition-status-enum info,"
        + " 34:21 crd-condition-time-format info",
  })
  void eachProfileGivesTheCrdRulesItsOwnLevels(String profile, String expected) {
    List<String> actual = RuleRun.all().profile(profile).withoutNow().findings(CRD).stream()
        .map(f -> f.position().orElseThrow() + " " + f.ruleId() + " " + f.severity().label())
        .toList();

    assertEquals(Arrays.stream(expected.split(",")).map(String::trim).toList(), actual);
  }
}
