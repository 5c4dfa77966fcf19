package dev.condlint.rules.catalogue.crd;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crd;
import static dev.condlint.rules.testing.CrdFixtures.crdOfVersions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The CRD rules on cases beyond their documentation examples: nested lists, profiles, several versions. */
class CrdRulesTest {
  /** The pointer of the properties of {@code status} in a {@link dev.condlint.rules.testing.CrdFixtures#crd}. */
  private static final String STATUS = "/spec/versions/0/schema/openAPIV3Schema/properties/status/properties";

  /** The findings of the rules whose ids start with this prefix, as {@link RuleRun#line} lines. */
  private static List<String> lines(String rulePrefix, String yaml) {
    return RuleRun.startingWith(rulePrefix).withoutNow().lines(yaml);
  }

  private static final String TYPE_PATTERN =
      "'^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$'";

  /** Cluster API v1beta1's Condition as controller-gen writes it: severity, lengths, no pattern. */
  private static final String CAPI_V1BETA1_ITEMS = conditionsStatus("", "[lastTransitionTime, status, type]",
      "lastTransitionTime: {type: string, format: date-time}", "message: {type: string, minLength: 1, maxLength: 10240}",
      "reason: {type: string, minLength: 1, maxLength: 256}", "severity: {type: string, maxLength: 32}",
      "status: {type: string, enum: ['True', 'False', Unknown]}", "type: {type: string, minLength: 1, maxLength: 256}");

  /** metav1.Condition's fields, required list and markers, but Cluster API v1beta1's 256 on type. */
  private static final String METAV1_ITEMS_WITH_TYPE_MAX_256 = conditionsStatus("",
      "[lastTransitionTime, message, reason, status, type]",
      "lastTransitionTime: {type: string, format: date-time}", "message: {type: string, maxLength: 32768}",
      "observedGeneration: {type: integer, format: int64, minimum: 0}",
      "reason: {type: string, minLength: 1, maxLength: 1024, pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'}",
      "status: {type: string, enum: ['True', 'False', Unknown]}",
      "type: {type: string, maxLength: 256, pattern: " + TYPE_PATTERN + "}");

  /** Which limits a list is held to follows from its own condition type, in any group and version. */
  @ParameterizedTest
  @CsvSource({"cluster.x-k8s.io, v1beta1", "infrastructure.cluster.x-k8s.io, v1beta2", "example.com, v1"})
  void limitsFollowTheListsConditionTypeNotTheGroup(String group, String version) {
    assertEquals(List.of(), lines("crd-condition-", crd("Thing", group, version, CAPI_V1BETA1_ITEMS)));
    List<Finding> metav1 = RuleRun.startingWith("crd-condition-").withoutNow()
        .findings(crd("Thing", group, version, METAV1_ITEMS_WITH_TYPE_MAX_256));
    // One of metav1.Condition's markers has another value: no CRD generated from metav1.Condition, so
    // the items are a type of the project's own, and metav1's maxLength 316 only its convention.
    assertEquals(List.of("33:21 info crd-condition-type-constraints " + STATUS + "/conditions/items/properties/type"),
        RuleRun.lines(metav1));
    assertEquals("In version " + version + ", status.conditions[].type has maxLength 256 instead of 316; the items"
        + " look like metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition) but are a condition type of the"
        + " project's own (they lack markers that controller-gen writes into every CRD generated from it: type"
        + " maxLength), which need not follow its markers; by metav1's convention, maxLength: 316.",
        metav1.get(0).message());
    assertEquals("If the Go type is k8s.io/apimachinery/pkg/apis/meta/v1.Condition, regenerate the CRD; if it is your"
        + " own, consider declaring maxLength: 316 on type.", metav1.get(0).hint());
  }

  @Test
  void onlyTypeAndStatusAreAskedOfEveryConditionType() {
    String status = conditionsStatus("", "[type, status]", "type: {type: string}", "status: {type: string}");
    assertEquals(List.of(), lines("crd-condition-required", crd("Thing", "serving.knative.dev", "v1", status)));
    assertEquals(List.of(), lines("crd-condition-required", crd("Thing", "cert-manager.io", "v1", status)));
    assertEquals(List.of(), lines("crd-condition-required", crd("Thing", "example.com", "v1", status)));
    String optionalMetav1Fields = conditionsStatus("", "[type, status]", "type: {type: string}",
        "status: {type: string}", "reason: {type: string}", "message: {type: string}",
        "lastTransitionTime: {type: string, format: date-time}");
    assertEquals(List.of(), lines("crd-condition-re", crd("Thing", "example.com", "v1", optionalMetav1Fields)),
        "a condition type of its own that makes reason, message and lastTransitionTime optional");
    String noStatus = conditionsStatus("", "[type]", "type: {type: string}", "status: {type: string}");
    assertEquals(
        List.of("26:19 warning crd-condition-required-fields " + STATUS + "/conditions/items/required"),
        lines("crd-condition-required", crd("Thing", "example.com", "v1", noStatus)));
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
