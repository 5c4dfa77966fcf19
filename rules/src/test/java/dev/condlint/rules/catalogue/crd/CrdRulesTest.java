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
  void checksNestedConditionListsLikeGatewayListenersAsTopLevelOnes() {
    String yaml = crd("Thing", "gateway.networking.k8s.io", "v1", """
        type: object
        properties:
          listeners:
            type: array
            items:
              type: object
              properties:
                conditions:
                  type: array
                  items:
                    type: object
                    properties:
                      type: {type: string}
                      status: {type: string}
        """);
    assertEquals(
        List.of(
            "27:21 warning crd-conditions-list-map " + STATUS + "/listeners/items/properties/conditions",
            "27:21 info crd-conditions-max-items " + STATUS + "/listeners/items/properties/conditions",
            "31:25 info crd-conditions-item-is-metav1 " + STATUS + "/listeners/items/properties/conditions/items/properties"),
        lines("crd-conditions-", yaml));
    assertEquals(
        List.of("33:27 warning crd-condition-status-enum "
            + STATUS + "/listeners/items/properties/conditions/items/properties/status/enum"),
        lines("crd-condition-status", yaml));
  }

  @Test
  void fluxCrdsWithoutListMapMarkersGetAnInfoNotAWarning() {
    String yaml = crd("Thing", "kustomize.toolkit.fluxcd.io", "v1", """
        type: object
        properties:
          observedGeneration: {type: integer, format: int64}
          conditions:
            type: array
            maxItems: 8
            items:
              type: object
              properties:
                type: {type: string}
        """);
    assertEquals(
        List.of("23:15 info crd-conditions-list-map " + STATUS + "/conditions"),
        lines("crd-conditions-list-map", yaml));
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
  void aConditionTypeWithoutAStatusHasNoEnumToDeclare() {
    // Argo CD's ApplicationCondition: type, message and lastTransitionTime.
    String status = conditionsStatus("", "[type, message]", "type: {type: string}", "message: {type: string}",
        "lastTransitionTime: {type: string, format: date-time}");
    assertEquals(List.of(), lines("crd-condition-status-enum", crd("Application", "argoproj.io", "v1alpha1", status)));
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
  void listMapKeysOfTheWrongKindAreWhatTheApiServerRejects() {
    String yaml = crd("Thing", "example.com", "v1", """
        type: object
        properties:
          entries:
            type: array
            x-kubernetes-list-type: map
            x-kubernetes-list-map-keys: [name, name, missing]
            items:
              type: object
              required: [name]
              properties:
                name: {type: object}
        """);
    String list = STATUS + "/entries";
    assertEquals(
        List.of(
            "25:52 error crd-list-map-structural " + list + "/x-kubernetes-list-map-keys/1",
            "25:58 error crd-list-map-structural " + list + "/x-kubernetes-list-map-keys/2",
            "30:34 error crd-list-map-structural " + list + "/items/properties/name/type"),
        lines("crd-list-map", yaml));
  }

  @Test
  void aListTypeSetWithNullableItemsOrKeysWithoutMapIsRejectedToo() {
    String yaml = crd("Thing", "example.com", "v1", """
        type: object
        properties:
          tags:
            type: array
            x-kubernetes-list-type: set
            x-kubernetes-list-map-keys: [name]
            items: {type: string, nullable: true}
        """);
    String list = STATUS + "/tags";
    assertEquals(
        List.of(
            "24:41 error crd-list-map-structural " + list + "/x-kubernetes-list-type",
            "26:49 error crd-list-map-structural " + list + "/items/nullable"),
        lines("crd-list-map", yaml));
  }

  @Test
  void aListTypeOnSomethingOtherThanAnArrayIsRejected() {
    String yaml = crd("Thing", "example.com", "v1", """
        type: object
        properties:
          owners:
            type: object
            x-kubernetes-list-type: atomic
          names:
            x-kubernetes-list-type: set
        """);
    assertEquals(
        List.of(
            "23:23 error crd-list-map-structural " + STATUS + "/owners/type",
            "25:15 error crd-list-map-structural " + STATUS + "/names/type"),
        lines("crd-list-map", yaml));
  }

  @Test
  void theItemsOfASetAreAtomic() {
    String yaml = crd("Thing", "example.com", "v1", """
        type: object
        properties:
          endpoints:
            type: array
            x-kubernetes-list-type: set
            items:
              type: object
              properties:
                host: {type: string}
          matrix:
            type: array
            x-kubernetes-list-type: set
            items:
              type: array
              x-kubernetes-list-type: set
              items: {type: string}
          frozen:
            type: array
            x-kubernetes-list-type: set
            items:
              type: object
              x-kubernetes-map-type: atomic
              properties:
                host: {type: string}
          tags:
            type: array
            x-kubernetes-list-type: set
            items: {type: string}
        """);
    assertEquals(
        List.of(
            "25:17 error crd-list-map-structural " + STATUS + "/endpoints/items/x-kubernetes-map-type",
            "34:43 error crd-list-map-structural " + STATUS + "/matrix/items/x-kubernetes-list-type"),
        lines("crd-list-map", yaml));
  }

  @Test
  void celRulesAreReportedOncePerVersionThatHasAny() {
    String yaml = crdOfVersions("Thing", "example.com", """
        - name: v1
          schema:
            openAPIV3Schema:
              type: object
              x-kubernetes-validations: [{rule: "self.metadata.name.size() < 20"}]
              properties:
                spec:
                  type: object
                  x-kubernetes-validations: [{rule: "self.replicas >= 0"}, {rule: "self.replicas < 9"}]
        - name: v2
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  properties:
                    ports:
                      type: array
                      items:
                        type: object
                        x-kubernetes-validations: [{rule: "self.port > 0"}]
        - name: v3
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec: {type: object}
        """);
    assertEquals(
        List.of(
            "14:9 info crd-cel-not-evaluated /spec/versions/0/schema/openAPIV3Schema/x-kubernetes-validations",
            "31:19 info crd-cel-not-evaluated /spec/versions/1/schema/openAPIV3Schema/properties/spec/properties/ports"
                + "/items/x-kubernetes-validations"),
        lines("crd-cel", yaml));
  }

  @Test
  void aSubresourceWithoutStatusSchemaIsAWarning() {
    String yaml = crdOfVersions("Thing", "example.com", """
        - name: v1
          subresources: {status: {}}
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec: {type: object}
        """);
    assertEquals(
        List.of("11:20 warning crd-status-subresource /spec/versions/0/subresources/status"),
        lines("crd-status-subresource", yaml));
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
