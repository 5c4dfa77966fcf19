package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.testing.CaseFile;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The evidence ladder's rung of a kind's API group: a kind nothing declares, whose group's other kinds in
 * the bundled CRD index all use metav1.Condition at status.conditions, is held to it at warning; a group
 * whose kinds mix condition types, or an object whose own fields contradict, gets no claim.
 */
class SiblingRungTest {
  private static final RuleRun FIELD_RULES = RuleRun.of("condition-reason-required", "condition-message-present",
      "condition-last-transition-time-required", "condition-unknown-field");
  private static final ContractBasis NUMAFLOW = new ContractBasis(ContractBasis.Source.INFERRED,
      "the group's other 5 kinds (numaflow.numaproj.io), whose CRD schemas, numaproj/numaflow@63ba4e8, all use"
          + " metav1.Condition at status.conditions");

  private static CaseFile siblings(String name) {
    return CaseFile.read("cases/siblings/" + name + ".yaml");
  }

  @Test
  void aNewKindOfAMetav1GroupIsHeldToMetav1AtWarning() {
    List<Finding> findings = siblings("new-kind-of-a-metav1-group").check(FIELD_RULES);

    assertEquals(List.of(Optional.of(NUMAFLOW), Optional.of(NUMAFLOW)), findings.stream().map(Finding::basis).toList());
  }

  @Test
  void aGroupWhoseKindsMixConditionTypesMakesNoClaim() {
    siblings("new-kind-of-a-mixed-group").check(FIELD_RULES);
  }

  @Test
  void theObjectsOwnFieldsContradictingTheGroupWin() {
    siblings("own-fields-contradict-the-group").check(FIELD_RULES);
  }

  @Test
  void theRungIsNoDeclarationAndSpeaksOnlyWhereNothingDeclaresTheKindsSchema() {
    ContractResolver resolver = ContractResolver.of(Catalogue.builtIn());
    ObjectRef broker = new ObjectRef("numaflow.numaproj.io/v1alpha1", "Broker", "", "");
    ListContract contract = resolver.declared(broker, ListPath.TOP_LEVEL, ProfileKnowledge.NONE);

    Known<ConditionSchema> schema = contract.schema().orElseThrow();
    assertEquals(NUMAFLOW, schema.basis());
    assertEquals(Known.Hold.GROUP, schema.hold());
    assertEquals(Optional.of("metav1"), schema.value().family());
    // A kind the index has is its own schema's, whatever its group's other kinds use.
    ObjectRef pipeline = new ObjectRef("numaflow.numaproj.io/v1alpha1", "Pipeline", "", "");
    assertEquals(ContractBasis.Source.CRD_CATALOGUE,
        resolver.declared(pipeline, ListPath.TOP_LEVEL, ProfileKnowledge.NONE).schema().orElseThrow().source());
    // Nested lists are not the rung's: it was measured at status.conditions.
    assertEquals(Optional.empty(), resolver.declared(broker, "status.items[].conditions", ProfileKnowledge.NONE).schema());
  }
}
