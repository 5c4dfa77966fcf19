package dev.condlint.rules.contract;

import static dev.condlint.rules.contract.ContractFixtures.fromCatalogue;
import static dev.condlint.rules.contract.ContractFixtures.fromCrd;
import static dev.condlint.rules.contract.ContractFixtures.inferredFrom;
import static dev.condlint.rules.contract.ContractFixtures.listContract;
import static dev.condlint.rules.contract.ContractFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.rules.testing.RuleRun;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The kind's CRD as a contract source: the item schema of each condition list it declares (at the top
 * level, nested in a list, under a map) gives the list's fields, required ones and non-empty ones; its
 * categories select catalogue entries; it outranks the catalogue for the schema, not for what a schema
 * cannot say (summaries, polarities).
 */
class CrdContractSourceTest {
  private static final String WIDGETS = text("crds/widgets.yaml");
  private static final ContractBasis WIDGETS_CRD = fromCrd("CRD widgets.example.com (example.com/v1)");
  private static final FieldRule NON_EMPTY = FieldRule.REQUIRED.nonEmptyValue();
  private static final RuleRun FIELD_RULES = RuleRun.of("condition-reason-required", "condition-message-present",
      "condition-last-transition-time-required", "condition-unknown-field");

  private static String widget(String status) {
    return WIDGETS + "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, generation: 2}\nstatus:\n"
        + status;
  }

  private static Map<String, FieldRule> fields(Object... nameThenRule) {
    Map<String, FieldRule> out = new LinkedHashMap<>();
    for (int i = 0; i < nameThenRule.length; i += 2) {
      out.put((String) nameThenRule[i], (FieldRule) nameThenRule[i + 1]);
    }
    return out;
  }

  @Test
  void theTopLevelListTakesTheItemSchemaOfStatusConditions() {
    ListContract contract = listContract(widget("  conditions:\n  - {type: Ready, status: \"True\", reason: Done}\n"),
        "/status/conditions");

    assertEquals(
        Optional.of(new Known<>(new ConditionSchema(Optional.empty(), fields(
            "type", FieldRule.REQUIRED, "status", FieldRule.REQUIRED, "reason", NON_EMPTY, "message", FieldRule.OPTIONAL)),
            WIDGETS_CRD)),
        contract.schema());
  }

  @Test
  void aNestedListTakesTheItemSchemaDeclaredAtItsPathAndIsNamedForTheFamilyItMatches() {
    ListContract contract = listContract(widget("""
          replicas:
          - name: a
            conditions:
            - {type: Ready, status: "True", reason: Done, message: "", lastTransitionTime: "2024-05-01T12:00:00Z"}
        """), "/status/replicas/0/conditions");

    assertEquals(
        Optional.of(new Known<>(new ConditionSchema(Optional.of("metav1"), fields(
            "lastTransitionTime", FieldRule.REQUIRED, "message", FieldRule.REQUIRED, "observedGeneration",
            FieldRule.OPTIONAL, "reason", NON_EMPTY, "status", FieldRule.REQUIRED, "type", FieldRule.REQUIRED),
            // Only reason is patterned: the CRD declares metav1's pattern on reason, none on type.
            new FieldFormats(Set.of("reason"), Set.of("lastTransitionTime"), Set.of(), Set.of())), WIDGETS_CRD)),
        contract.schema());
    assertEquals(Optional.of(new Known<>(GenerationTracking.CONDITION, WIDGETS_CRD)), contract.generation(),
        "a CRD that declares a condition's observedGeneration says the conditions record one");
  }

  /** A CRD of {@code group} whose condition items have {@code properties} and {@code required}, and one object. */
  private static String crdAndObject(String group, String properties, String required) {
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: gizmos.GROUP}
        spec:
          group: GROUP
          names: {kind: Gizmo, plural: gizmos}
          scope: Namespaced
          versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  status:
                    type: object
                    properties:
                      conditions:
                        type: array
                        items:
                          type: object
                          required: REQUIRED
                          properties: PROPERTIES
        ---
        apiVersion: GROUP/v1
        kind: Gizmo
        metadata: {name: g}
        status:
          conditions:
          - {type: Ready, status: "True"}
        """.replace("GROUP", group).replace("PROPERTIES", properties).replace("REQUIRED", required);
  }

  private static Optional<String> familyOf(String group, String properties, String required) {
    return listContract(crdAndObject(group, properties, required), "/status/conditions").schema().orElseThrow()
        .value().family();
  }

  /**
   * A CRD's condition type is named for a project's struct only where the catalogue declares that struct
   * for the kind; fields that merely look like another project's struct make a type of its own (the
   * issue 24 acceptance walk-through: CAPA's EKSConfig was labelled OpenShift's machine Condition,
   * cert-manager's Certificate apiextensions' CRD condition). metav1.Condition is any project's.
   */
  @Test
  void aCrdsConditionTypeIsNamedForAFamilyOnlyWhereTheCatalogueDeclaresItForTheKind() {
    String capiFields = "{type: {type: string}, status: {type: string}, severity: {type: string},"
        + " lastTransitionTime: {type: string, format: date-time}, reason: {type: string}, message: {type: string}}";
    String capiRequired = "[type, status, lastTransitionTime]";
    assertEquals(Optional.of("capi-v1beta1"), familyOf("bootstrap.cluster.x-k8s.io", capiFields, capiRequired));
    assertEquals(Optional.empty(), familyOf("example.com", capiFields, capiRequired));

    String crdConditionFields = "{type: {type: string}, status: {type: string}, observedGeneration: {type: integer},"
        + " lastTransitionTime: {type: string, format: date-time}, reason: {type: string}, message: {type: string}}";
    assertEquals(Optional.of("certmanager"), familyOf("cert-manager.io", crdConditionFields, "[type, status]"));
    assertEquals(Optional.empty(), familyOf("example.com", crdConditionFields, "[type, status]"));

    String metav1Fields = "{type: {type: string}, status: {type: string}, observedGeneration: {type: integer},"
        + " lastTransitionTime: {type: string, format: date-time}, reason: {type: string}, message: {type: string}}";
    assertEquals(Optional.of("metav1"),
        familyOf("example.com", metav1Fields, "[type, status, lastTransitionTime, reason, message]"));
  }

  @Test
  void aListUnderAMapTakesTheItemSchemaDeclaredForEveryKey() {
    ListContract contract = listContract(widget("""
          components:
            etcd:
              conditions:
              - {type: Ready, status: "True"}
        """), "/status/components/etcd/conditions");

    assertEquals(
        Optional.of(new Known<>(new ConditionSchema(Optional.empty(), fields(
            "type", FieldRule.REQUIRED, "status", FieldRule.REQUIRED, "lastTransitionTime", FieldRule.OPTIONAL),
            new FieldFormats(Set.of(), Set.of("lastTransitionTime"), Set.of(), Set.of())), WIDGETS_CRD)),
        contract.schema());
  }

  @Test
  void aMissingOrEmptyRequiredFieldIsReportedPerTheCrd() {
    List<Finding> findings = FIELD_RULES.findings(widget("""
          conditions:
          - {type: Ready, status: "True", reason: ""}
          - {type: Synced, status: "True"}
          components:
            etcd:
              conditions:
              - {type: Ready, status: "True"}
        """));

    assertEquals(
        List.of("74:43 error condition-reason-required /status/conditions/0/reason",
            "75:5 error condition-reason-required /status/conditions/1/reason"),
        RuleRun.lines(findings));
    assertEquals(
        List.of("Condition \"Ready\" has an empty reason; its condition type requires a non-empty one (per the CRD"
                + " widgets.example.com (example.com/v1)), so that users and tools can tell why the condition is as it is.",
            "Condition \"Synced\" has no reason; its condition type requires one (per the CRD widgets.example.com"
                + " (example.com/v1)), so that users and tools can tell why the condition is as it is."),
        findings.stream().map(Finding::message).toList());
    assertEquals(List.of(WIDGETS_CRD, WIDGETS_CRD), findings.stream().map(f -> f.basis().orElseThrow()).toList());
  }

  @Test
  void aFieldTheCrdDoesNotDeclareIsUnknownInEveryListItsSchemaCovers() {
    List<Finding> findings = FIELD_RULES.findings(widget("""
          conditions:
          - {type: Ready, status: "True", reason: Done, lastTransitionTime: "2024-05-01T12:00:00Z"}
          components:
            etcd:
              conditions:
              - {type: Ready, status: "True", message: ok}
        """));

    assertEquals(
        List.of("74:69 warning condition-unknown-field /status/conditions/0/lastTransitionTime",
            "78:48 warning condition-unknown-field /status/components/etcd/conditions/0/message"),
        RuleRun.lines(findings));
    assertEquals(
        "Condition \"Ready\" has field \"message\", which its condition type (lastTransitionTime, status, type, per"
            + " the CRD widgets.example.com (example.com/v1)) does not have: its controller does not write it, and a"
            + " CRD schema that declares the condition type prunes it silently.",
        findings.get(1).message());
  }

  @Test
  void theCrdOutranksTheCatalogueForTheSchemaButTheCatalogueStillGivesSummaryAndPolarities() {
    String kustomization = text("crds/kustomize.toolkit.fluxcd.io_kustomizations.yaml") + "---\n"
        + text("families/metav1-kustomization.yaml");
    ContractBasis flux = fromCatalogue("Flux", "fluxcd/kustomize-controller api/v1/kustomization_types.go@186fb3b29138");

    ListContract contract = listContract(kustomization, "/status/conditions");

    assertEquals(fromCrd("CRD kustomizations.kustomize.toolkit.fluxcd.io (kustomize.toolkit.fluxcd.io/v1)"),
        contract.schema().orElseThrow().basis());
    assertEquals(Optional.of("metav1"), contract.schema().orElseThrow().value().family());
    assertEquals(Optional.of(new Known<>(new Summary(List.of("Ready"), false), flux)), contract.summary());
    assertEquals(Optional.of(new Known<>(Polarity.ABNORMAL_TRUE, flux)), contract.polarity("Stalled"));
    assertEquals(Optional.of(new Known<>(GenerationTracking.BOTH, flux)), contract.generation(),
        "the catalogue says where Flux records observedGeneration; the CRD only that a condition may");
  }

  @Test
  void aCatalogueEntryForACrdCategorySpeaksForKindsWhoseCrdListsIt() {
    String composite = text("crds/xpostgresqlinstances.yaml") + "---\n" + """
        apiVersion: db.example.org/v1alpha1
        kind: XPostgreSQLInstance
        metadata: {name: orders, generation: 1}
        status:
          conditions:
          - {type: Ready, status: "True", reason: Available, lastTransitionTime: "2024-05-01T12:00:00Z"}
        """;
    ContractBasis crossplane = fromCatalogue("Crossplane", "crossplane/crossplane-runtime pkg/xcrd/schemas.go@4e7ed235565d");

    ListContract contract = listContract(composite, "/status/conditions");

    assertEquals(crossplane, contract.schema().orElseThrow().basis());
    assertEquals(Optional.of("crossplane"), contract.schema().orElseThrow().value().family());
    assertEquals(Optional.of(new Known<>(new Summary(List.of("Ready", "Synced"), true), crossplane)), contract.summary());
  }

  @Test
  void aCatalogueEntryForACrdCategoryIsSilentWithoutTheCrd() {
    ListContract contract = listContract("""
        apiVersion: db.example.org/v1alpha1
        kind: XPostgreSQLInstance
        metadata: {name: orders, generation: 1}
        status:
          conditions:
          - {type: Ready, status: "True", reason: Available, lastTransitionTime: "2024-05-01T12:00:00Z"}
        """, "/status/conditions");

    assertEquals(Optional.empty(), contract.schema());
    assertEquals(Optional.of(new Known<>(new Summary(List.of("Ready"), false), inferredFrom("the type name Ready"))),
        contract.summary());
  }
}
