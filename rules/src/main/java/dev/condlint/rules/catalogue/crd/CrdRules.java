package dev.condlint.rules.catalogue.crd;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** The rules on a CRD's status schema (CONVENTIONS.md §2 E), per entry of spec.versions. */
public final class CrdRules {
  private CrdRules() {}

  public static List<Rule> all() {
    return List.of(
        new CrdStatusSubresource(),
        new CrdConditionsListMap(),
        new CrdListMapStructural(),
        new CrdConditionRequiredFields(),
        new CrdConditionStatusEnum(),
        new CrdConditionTypeConstraints(),
        new CrdConditionReasonConstraints(),
        new CrdConditionMessageMaxLength(),
        new CrdConditionTimeFormat(),
        new CrdConditionObservedGenerationSchema(),
        new CrdConditionsMaxItems(),
        new CrdStatusFieldsOptional(),
        new CrdStatusObservedGeneration(),
        new CrdStatusPhase(),
        new CrdConditionsSchemaOpaque(),
        new CrdConditionsDefaultValid(),
        new CrdConditionsItemIsMetav1(),
        new CrdCelNotEvaluated());
  }
}
