package dev.condlint.rules.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.CrdCheck;
import dev.condlint.rules.CrdRule;
import dev.condlint.rules.Pointers;
import dev.condlint.rules.RuleInfo;
import dev.condlint.rules.Scope;
import dev.condlint.rules.Severity;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/** CEL validation rules exist that the offline check of samples cannot evaluate; said once per version. */
@RuleInfo(
    id = "crd-cel-not-evaluated",
    title = "The version has CEL validation rules that condlint does not evaluate offline",
    severity = Severity.INFO,
    scope = Scope.CRD,
    rationale =
        "x-kubernetes-validations rules are CEL expressions that only the API server evaluates;"
            + " samples checked against this CRD offline can still be rejected by them, so a clean run"
            + " is not the whole story.",
    source = "apiextensions-apiserver (x-kubernetes-validations); condlint")
public final class CrdCelNotEvaluated implements CrdRule {
  private static final int MAX_DEPTH = 64;

  @Override
  public void check(CrdCheck check) {
    SchemaNode root = StatusSchema.root(check);
    first(root.schema(), root.pointer(), 0).ifPresent(pointer -> check.report(
        pointer,
        "In " + StatusSchema.version(check) + ", the schema has x-kubernetes-validations (CEL) rules, which"
            + " condlint does not evaluate: samples can pass here and still be rejected by the API server.",
        "Test samples against a real API server (kubectl apply --dry-run=server) for the CEL rules."));
  }

  private static Optional<String> first(JsonNode schema, String pointer, int depth) {
    if (depth > MAX_DEPTH || !schema.isObject()) {
      return Optional.empty();
    }
    if (schema.path("x-kubernetes-validations").isArray() && !schema.path("x-kubernetes-validations").isEmpty()) {
      return Optional.of(Pointers.append(pointer, "x-kubernetes-validations"));
    }
    Iterator<Map.Entry<String, JsonNode>> fields = schema.path("properties").fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      Optional<String> found =
          first(e.getValue(), Pointers.append(Pointers.append(pointer, "properties"), e.getKey()), depth + 1);
      if (found.isPresent()) {
        return found;
      }
    }
    Optional<String> inItems = first(schema.path("items"), Pointers.append(pointer, "items"), depth + 1);
    if (inItems.isPresent()) {
      return inItems;
    }
    return first(schema.path("additionalProperties"), Pointers.append(pointer, "additionalProperties"), depth + 1);
  }
}
