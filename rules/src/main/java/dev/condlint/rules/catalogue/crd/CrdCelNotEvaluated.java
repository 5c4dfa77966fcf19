package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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

  /** The pointer of the first x-kubernetes-validations, depth first in schema order; built only once found. */
  private static Optional<String> first(JsonNode schema, String pointer, int depth) {
    List<String> tokens = new ArrayList<>();
    if (!find(schema, tokens, depth)) {
      return Optional.empty();
    }
    String found = pointer;
    for (String token : tokens) {
      found = Pointers.append(found, token);
    }
    return Optional.of(found);
  }

  /** Whether the schema holds validations; if so, {@code path} ends with the tokens that lead to them. */
  private static boolean find(JsonNode schema, List<String> path, int depth) {
    if (depth > MAX_DEPTH || !schema.isObject()) {
      return false;
    }
    if (schema.path("x-kubernetes-validations").isArray() && !schema.path("x-kubernetes-validations").isEmpty()) {
      path.add("x-kubernetes-validations");
      return true;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = schema.path("properties").fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      path.add("properties");
      path.add(e.getKey());
      if (find(e.getValue(), path, depth + 1)) {
        return true;
      }
      path.remove(path.size() - 1);
      path.remove(path.size() - 1);
    }
    for (String keyword : List.of("items", "additionalProperties")) {
      path.add(keyword);
      if (find(schema.path(keyword), path, depth + 1)) {
        return true;
      }
      path.remove(path.size() - 1);
    }
    return false;
  }
}
