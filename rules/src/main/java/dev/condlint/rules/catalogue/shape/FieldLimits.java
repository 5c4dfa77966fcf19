package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.SchemaMarkers;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The length limits a condition's own type puts on its fields, read from data, never from code: for a
 * field, the {@code constraints} the list's strongest entry states for it (a user's), else those of the
 * list's declared condition family (families.json), else, where the declared family lists none (its limits are
 * not in the catalogue) or no family is declared, those of the profile's convention family
 * (metav1.Condition's for every profile but Cluster API v1beta1's).
 */
final class FieldLimits {
  private FieldLimits() {}

  /** The field's {@code maxLength}, if its condition type declares one. */
  static OptionalInt maxLength(ObjectCheck check, Condition c, String field) {
    return limit(check, c, field, "maxLength");
  }

  /** The field's {@code minLength}, if its condition type declares one. */
  static OptionalInt minLength(ObjectCheck check, Condition c, String field) {
    return limit(check, c, field, "minLength");
  }

  private static OptionalInt limit(ObjectCheck check, Condition c, String field, String keyword) {
    Optional<SchemaMarkers> stated = check.contractOf(c).declaredConstraints().filter(m -> !m.of(field).isEmpty());
    JsonNode value = stated.orElseGet(() -> markers(check, c)).of(field).get(keyword);
    return value == null || !value.canConvertToInt() ? OptionalInt.empty() : OptionalInt.of(value.asInt());
  }

  private static SchemaMarkers markers(ObjectCheck check, Condition c) {
    Optional<SchemaMarkers> declared = check.contractOf(c).declaredSchema().flatMap(s -> s.family())
            .map(id -> check.catalogue().families().get(id)).map(ConditionFamily::markers)
        .filter(m -> !m.isEmpty());
    return declared.orElseGet(() -> check.settings().conventionFamily().map(ConditionFamily::markers)
        .orElse(SchemaMarkers.NONE));
  }
}
