package dev.condlint.rules.catalogue.crd;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static dev.condlint.rules.testing.CrdFixtures.crdOfVersions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CRD rules on cases beyond their documentation examples: nested lists, profiles, several versions. */
class CrdRulesTest {
  /** The pointer of the properties of {@code status} in a {@link dev.condlint.rules.testing.CrdFixtures#crd}. */
  private static final String STATUS = "/spec/versions/0/schema/openAPIV3Schema/properties/status/properties";

  /** The findings of the rules whose ids start with this prefix, as {@link RuleRun#line} lines. */
  private static List<String> lines(String rulePrefix, String yaml) {
    return RuleRun.startingWith(rulePrefix).withoutNow().lines(yaml);
  }

  @Test
  void clusterApiV1beta1VersionsExpectTheirOwnConditionType() {
    String status = conditionsStatus("", "[type, status, lastTransitionTime]",
        "type: {type: string, minLength: 1, maxLength: 256}", "reason: {type: string, minLength: 1, maxLength: 256}");
    assertEquals(List.of(), lines("crd-condition-re", crd("Thing", "cluster.x-k8s.io", "v1beta1", status)));
    assertEquals(List.of(), lines("crd-condition-type", crd("Thing", "cluster.x-k8s.io", "v1beta1", status)));
    assertEquals(
        List.of("28:21 warning crd-condition-type-constraints " + STATUS + "/conditions/items/properties/type"),
        lines("crd-condition-type", crd("Thing", "cluster.x-k8s.io", "v1beta2", status)));
  }

  @Test
  void knativeAndCertManagerRequireOnlyTypeAndStatus() {
    String status = conditionsStatus("", "[type, status]", "type: {type: string}", "status: {type: string}");
    assertEquals(List.of(), lines("crd-condition-required", crd("Thing", "serving.knative.dev", "v1", status)));
    assertEquals(List.of(), lines("crd-condition-required", crd("Thing", "cert-manager.io", "v1", status)));
    assertEquals(List.of(), lines("crd-condition-required", crd("Thing", "example.com", "v1", status)),
        "fields the condition type does not have are not asked to be required (E17 notes it is not metav1)");
    String optionalMetav1Fields = conditionsStatus("", "[type, status]", "type: {type: string}",
        "status: {type: string}", "reason: {type: string}", "message: {type: string}",
        "lastTransitionTime: {type: string, format: date-time}");
    assertEquals(
        List.of("26:19 warning crd-condition-required-fields " + STATUS + "/conditions/items/required"),
        lines("crd-condition-required", crd("Thing", "example.com", "v1", optionalMetav1Fields)));
  }

  @Test
  void eachVersionIsCheckedAndNamedInTheMessage() {
    // Two versions alike but for their name.
    String version = """
        - name: %s
          schema:
            openAPIV3Schema:
              type: object
              properties:
                status: {type: object, properties: {phase: {type: string}}}
        """;
    String yaml = crdOfVersions("Thing", "example.com", version.formatted("v1alpha1") + version.formatted("v1"));
    List<Finding> phase = RuleRun.of("crd-status-phase").withoutNow().findings(yaml);
    assertEquals(
        List.of(
            "15:47 info crd-status-phase /spec/versions/0/schema/openAPIV3Schema/properties/status/properties/phase",
            "21:47 info crd-status-phase /spec/versions/1/schema/openAPIV3Schema/properties/status/properties/phase"),
        RuleRun.lines(phase));
    assertEquals(
        List.of(
            "In version v1alpha1, status declares phase, a deprecated pattern that conditions replace.",
            "In version v1, status declares phase, a deprecated pattern that conditions replace."),
        phase.stream().map(Finding::message).toList());
  }
}
