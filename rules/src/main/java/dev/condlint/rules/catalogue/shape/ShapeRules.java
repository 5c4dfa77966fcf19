package dev.condlint.rules.catalogue.shape;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** The object rules on a condition's shape (CONVENTIONS.md §2 A). */
public final class ShapeRules {
  private ShapeRules() {}

  public static List<Rule> all() {
    return List.of(
        new ConditionsListShape(),
        new ConditionTypeRequired(),
        new ConditionTypeFormat(),
        new ConditionTypeUnique(),
        new ConditionStatusValue(),
        new ConditionFieldYamlType(),
        new ConditionReasonRequired(),
        new ConditionReasonFormat(),
        new ConditionReasonCamelCase(),
        new ConditionMessagePresent(),
        new ConditionMessageMaxLength(),
        new ConditionLastTransitionTimeRequired(),
        new ConditionLastTransitionTimeFormat(),
        new ConditionObservedGenerationValid(),
        new ConditionUnknownField());
  }
}
