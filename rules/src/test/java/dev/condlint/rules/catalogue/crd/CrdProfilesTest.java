package dev.condlint.rules.catalogue.crd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CRD rules' levels in every profile (CONVENTIONS.md §4), on one Knative-style status schema that
 * falls short of metav1.Condition everywhere a profile may judge it: no list-map, no maxItems, only
 * type and status required, plain strings, a severity field, a phase, no observedGeneration.
 */
class CrdProfilesTest {
  private static final String CRD =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: things.example.com}
      spec:
        group: example.com
        names: {kind: Thing, plural: things}
        scope: Namespaced
        versions:
        - name: v1
          served: true
          storage: true
          subresources: {status: {}}
          schema:
            openAPIV3Schema:
              type: object
              properties:
                status:
                  type: object
                  properties:
                    phase: {type: string}
                    conditions:
                      type: array
                      items:
                        type: object
                        required: [type, status]
                        properties:
                          type: {type: string}
                          status: {type: string}
                          severity: {type: string}
                          reason: {type: string}
                          message: {type: string}
                          lastTransitionTime: {type: string}
                          observedGeneration: {type: integer}
      """;

  /** Each profile's findings as {@code LINE:COL RULE SEVERITY}, in source order. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    // The k8s column of §4; the others differ from it only where the table says so.
    "k8s          | 19:13 crd-status-observed-generation info, 20:15 crd-status-phase info,"
        + " 21:15 crd-conditions-list-map warning, 21:15 crd-conditions-max-items info,"
        + " 25:19 crd-condition-required-fields warning, 26:19 crd-conditions-item-is-metav1 info,"
        + " 27:21 crd-condition-type-constraints warning, 28:21 crd-condition-status-enum warning,"
        + " 30:21 crd-condition-reason-constraints warning, 31:21 crd-condition-message-maxlength warning,"
        + " 32:21 crd-condition-time-format warning, 33:21 crd-condition-observed-generation-schema warning",
    // kstatus reads only the top-level observedGeneration: its absence is a warning.
    "kstatus      | 19:13 crd-status-observed-generation warning, 20:15 crd-status-phase info,"
        + " 21:15 crd-conditions-list-map warning, 21:15 crd-conditions-max-items info,"
        + " 25:19 crd-condition-required-fields warning, 26:19 crd-conditions-item-is-metav1 info,"
        + " 27:21 crd-condition-type-constraints warning, 28:21 crd-condition-status-enum warning,"
        + " 30:21 crd-condition-reason-constraints warning, 31:21 crd-condition-message-maxlength warning,"
        + " 32:21 crd-condition-time-format warning, 33:21 crd-condition-observed-generation-schema warning",
    // Flux CRDs have no list-map markers on purpose: E02 is info.
    "flux         | 19:13 crd-status-observed-generation warning, 20:15 crd-status-phase info,"
        + " 21:15 crd-conditions-list-map info, 21:15 crd-conditions-max-items info,"
        + " 25:19 crd-condition-required-fields warning, 26:19 crd-conditions-item-is-metav1 info,"
        + " 27:21 crd-condition-type-constraints warning, 28:21 crd-condition-status-enum warning,"
        + " 30:21 crd-condition-reason-constraints warning, 31:21 crd-condition-message-maxlength warning,"
        + " 32:21 crd-condition-time-format warning, 33:21 crd-condition-observed-generation-schema warning",
    // Knative's own condition type: type and status suffice (no E04), E05-E10 are info, E17 is off.
    "knative      | 19:13 crd-status-observed-generation warning, 20:15 crd-status-phase info,"
        + " 21:15 crd-conditions-list-map info, 21:15 crd-conditions-max-items info,"
        + " 27:21 crd-condition-type-constraints info, 28:21 crd-condition-status-enum info,"
        + " 30:21 crd-condition-reason-constraints info, 31:21 crd-condition-message-maxlength info,"
        + " 32:21 crd-condition-time-format info, 33:21 crd-condition-observed-generation-schema info",
    // Cluster API keeps phase on purpose.
    "capi-v1beta2 | 19:13 crd-status-observed-generation info,"
        + " 21:15 crd-conditions-list-map warning, 21:15 crd-conditions-max-items info,"
        + " 25:19 crd-condition-required-fields warning, 26:19 crd-conditions-item-is-metav1 info,"
        + " 27:21 crd-condition-type-constraints warning, 28:21 crd-condition-status-enum warning,"
        + " 30:21 crd-condition-reason-constraints warning, 31:21 crd-condition-message-maxlength warning,"
        + " 32:21 crd-condition-time-format warning, 33:21 crd-condition-observed-generation-schema warning",
    // Cluster API v1beta1's own condition type (with severity) also requires lastTransitionTime.
    "capi-v1beta1 | 19:13 crd-status-observed-generation info,"
        + " 21:15 crd-conditions-list-map warning, 21:15 crd-conditions-max-items info,"
        + " 25:19 crd-condition-required-fields warning,"
        + " 27:21 crd-condition-type-constraints warning, 28:21 crd-condition-status-enum warning,"
        + " 30:21 crd-condition-reason-constraints warning, 31:21 crd-condition-message-maxlength warning,"
        + " 32:21 crd-condition-time-format warning, 33:21 crd-condition-observed-generation-schema warning",
    // Gateway API relies on per-condition observedGeneration: E13 is off.
    "gateway-api  | 20:15 crd-status-phase info,"
        + " 21:15 crd-conditions-list-map warning, 21:15 crd-conditions-max-items info,"
        + " 25:19 crd-condition-required-fields warning, 26:19 crd-conditions-item-is-metav1 info,"
        + " 27:21 crd-condition-type-constraints warning, 28:21 crd-condition-status-enum warning,"
        + " 30:21 crd-condition-reason-constraints warning, 31:21 crd-condition-message-maxlength warning,"
        + " 32:21 crd-condition-time-format warning, 33:21 crd-condition-observed-generation-schema warning",
    // cert-manager's own condition type: type and status suffice, E06-E08 are info, E13 and E17 off.
    "cert-manager | 20:15 crd-status-phase info,"
        + " 21:15 crd-conditions-list-map warning, 21:15 crd-conditions-max-items info,"
        + " 27:21 crd-condition-type-constraints info, 28:21 crd-condition-status-enum warning,"
        + " 30:21 crd-condition-reason-constraints info, 31:21 crd-condition-message-maxlength info,"
        + " 32:21 crd-condition-time-format warning, 33:21 crd-condition-observed-generation-schema warning",
  })
  void eachProfileGivesTheCrdRulesItsOwnLevels(String profile, String expected) {
    List<String> actual = RuleRun.all().profile(profile).withoutNow().findings(CRD).stream()
        .map(f -> f.position().orElseThrow() + " " + f.ruleId() + " " + f.severity().label())
        .toList();

    assertEquals(Arrays.stream(expected.split(",")).map(String::trim).toList(), actual);
  }
}
