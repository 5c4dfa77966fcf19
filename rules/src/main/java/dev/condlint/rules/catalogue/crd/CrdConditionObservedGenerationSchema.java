package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.ArrayList;
import java.util.List;

/** E10: a condition's observedGeneration is an int64 integer with minimum 0. */
@RuleInfo(
    id = "crd-condition-observed-generation-schema",
    code = "E10",
    title = "The condition observedGeneration schema is an int64 integer with minimum 0",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "observedGeneration is compared with metadata.generation, an int64 that never goes below"
            + " zero; a looser schema admits strings or negative values that make the comparison"
            + " meaningless (kstatus then returns an error).",
    source = "apimachinery metav1.Condition observedGeneration markers (format int64, Minimum=0)")
public final class CrdConditionObservedGenerationSchema extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    SchemaNode og = items.property("observedGeneration");
    if (!og.exists()) {
      return;
    }
    List<String> problems = new ArrayList<>();
    if (!og.type().equals("integer")) {
      problems.add(og.type().isEmpty() ? "no type" : "type " + og.type());
    }
    if (!og.schema().path("format").asText("").equals("int64")) {
      problems.add("no format int64");
    }
    if (!og.schema().path("minimum").canConvertToLong() || og.schema().path("minimum").asLong() != 0) {
      problems.add("no minimum 0");
    }
    if (!problems.isEmpty()) {
      check.report(
          og.pointer(),
          where(check, og) + " has " + String.join(", ", problems)
              + ", so the API server accepts values that cannot be compared with metadata.generation.",
          "Declare `type: integer`, `format: int64`, `minimum: 0`.");
    }
  }
}
