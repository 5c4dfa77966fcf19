package dev.condlint.rules.contract;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A condition struct that many kinds share ({@code metav1.Condition}, Knative's {@code apis.Condition},
 * apps/v1's {@code DeploymentCondition}, ...), as the catalogue describes it, with its upstream source:
 * its fields, and the validations its Go markers put in a generated CRD schema ({@code markers}).
 * {@code signature}: the markers that controller-gen writes into every CRD generated from the struct
 * (it has had them since its first release), enum included; a CRD's condition item is recognised as
 * the struct only where it carries all of them (families.json {@code signature}). Empty where the
 * catalogue states none: the struct is then recognised by any of its markers.
 */
public record ConditionFamily(
    String id, String title, ConditionSchema schema, String source, SchemaMarkers markers, SchemaMarkers signature) {

  /** The fields a condition of this struct must always carry (not those required only for some statuses). */
  public Set<String> alwaysRequired() {
    Set<String> out = new LinkedHashSet<>();
    schema.fields().forEach((field, rule) -> {
      if (rule.required() && rule.whenStatus().isEmpty()) {
        out.add(field);
      }
    });
    return out;
  }
}
