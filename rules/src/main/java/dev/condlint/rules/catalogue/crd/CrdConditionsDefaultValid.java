package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.schema.SchemaViolation;
import dev.condlint.rules.schema.StructuralValidator;

/** E16: a default for conditions satisfies the condition item schema. */
@RuleInfo(
    id = "crd-conditions-default-valid",
    code = "E16",
    title = "A default for conditions satisfies the condition item schema",
    severity = Severity.ERROR,
    scope = Scope.CRD,
    rationale =
        "The API server validates defaults against the schema and rejects a CRD whose default does"
            + " not fit; a default that does fit but breaks the conventions (no reason, status"
            + " Pending) is written into every new object. Gateway API's default (Accepted=Unknown,"
            + " reason Pending, epoch lastTransitionTime) is the reference passing case.",
    source = "apiextensions-apiserver pkg/apiserver/schema/defaulting/validation.go; Gateway API CRDs")
public final class CrdConditionsDefaultValid implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    for (SchemaNode list : StatusSchema.conditionLists(check)) {
      JsonNode defaults = list.schema().path("default");
      if (!defaults.isArray() || !list.items().exists()) {
        continue;
      }
      StructuralValidator validator = StructuralValidator.forValue(list.items().schema());
      for (int i = 0; i < defaults.size(); i++) {
        String base = Pointers.append(list.at("default"), i);
        for (SchemaViolation v : validator.validate(defaults.get(i))) {
          String pointer = base + v.pointer();
          String message = "In " + StatusSchema.version(check) + ", the default of " + list.path() + " ["
              + i + "] breaks the item schema: " + v.message().replaceFirst("^the object: ", "")
              + (v.pruned() ? "" : "; the API server rejects this CRD.");
          if (v.pruned()) {
            check.report(Severity.WARNING, pointer, message, "Remove the field from the default.");
          } else {
            check.report(pointer, message, "Make the default a valid condition (type, status True/False/Unknown,"
                + " a CamelCase reason, a message, an RFC 3339 lastTransitionTime).");
          }
        }
      }
    }
  }
}
