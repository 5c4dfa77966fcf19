package dev.condlint.rules.catalogue.ecosystem;

import dev.condlint.model.Condition;
import dev.condlint.rules.api.ObjectCheck;
import java.util.List;

/** The conditions whose {@code severity} (Knative, Cluster API v1beta1) the severity rules judge. */
final class SeverityFields {
  private SeverityFields() {}

  /** Conditions with a severity, except YAML-coerced ones ({@code severity: no}), which A06 reports. */
  static List<Condition> in(ObjectCheck check) {
    return check.allConditions().stream()
        .filter(c -> c.has("severity") && !check.isYamlCoerced(c.pointer("severity")))
        .toList();
  }
}
