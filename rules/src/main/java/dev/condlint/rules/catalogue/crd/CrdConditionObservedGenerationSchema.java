package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/**
 * E10: a condition's observedGeneration is an integer, with the format and minimum of the condition
 * struct the items were generated from.
 */
@RuleInfo(
    id = "crd-condition-observed-generation-schema",
    code = "E10",
    title = "The condition observedGeneration schema is an integer, with its condition struct's format and minimum",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "observedGeneration is compared with metadata.generation, an int64 that never goes below"
            + " zero; a schema that is no integer admits values that cannot be compared (kstatus then"
            + " returns an error), whatever the condition type. metav1.Condition also declares format"
            + " int64 and minimum 0; only a schema recognised as such a struct is held to them.",
    source = "apimachinery metav1.Condition observedGeneration markers (format int64, Minimum=0)")
public final class CrdConditionObservedGenerationSchema extends ConditionItemRule {
  @Override
  void checkItem(CrdCheck check, SchemaNode list, SchemaNode items) {
    SchemaNode og = items.property("observedGeneration");
    if (!og.exists()) {
      return;
    }
    // An int-or-string is what protobuf's JSON makes of an int64 (Istio's conditions): a choice, not a slip.
    if (!og.type().equals("integer") && !og.isTrue("x-kubernetes-int-or-string")) {
      check.report(
          og.pointer(),
          where(check, og) + " has " + (og.type().isEmpty() ? "no type" : "type " + og.type())
              + ", so the API server accepts values that cannot be compared with metadata.generation.",
          "Declare `type: integer`, `format: int64`, `minimum: 0`.");
      return;
    }
    reportMissingMarkers(check, items, "observedGeneration", m -> true,
        "the API server accepts values that metadata.generation never takes");
  }
}
