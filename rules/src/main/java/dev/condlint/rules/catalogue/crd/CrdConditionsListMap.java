package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** E02: condition lists are list-maps keyed by type. */
@RuleInfo(
    id = "crd-conditions-list-map",
    code = "E02",
    title = "Condition lists are declared as list-maps keyed by type",
    severity = Severity.WARNING,
    scope = Scope.CRD,
    rationale =
        "Conditions are a map keyed by type: with x-kubernetes-list-type: map and"
            + " x-kubernetes-list-map-keys: [type] the API server rejects duplicate types and server-side"
            + " apply merges each condition by type instead of replacing the whole list, so two"
            + " controllers can own different conditions of one object. Not an error because widely used"
            + " CRDs (all of Flux's and Knative's) omit it.",
    source =
        "api-conventions (\"treated as a map with a key of type\"; \"All list fields should have their"
            + " listType tag(s) set\"); metav1.Condition usage comment; kube-api-linter conditions, ssatags")
public final class CrdConditionsListMap implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    for (SchemaNode c : StatusSchema.conditionLists(check)) {
      String listType = c.schema().path("x-kubernetes-list-type").asText("");
      JsonNode keys = c.schema().path("x-kubernetes-list-map-keys");
      boolean keyedByType = keys.isArray() && keys.size() == 1 && "type".equals(keys.get(0).asText());
      if (listType.equals("map") && keyedByType) {
        continue;
      }
      String found = listType.isEmpty() ? "no x-kubernetes-list-type" : "x-kubernetes-list-type: " + listType;
      check.report(
          c.pointer(),
          "In " + StatusSchema.version(check) + ", " + c.path() + " has " + found
              + (keyedByType || listType.equals("map") ? " and list-map-keys " + keys : "")
              + ", so the API server accepts duplicate condition types and server-side apply replaces the"
              + " whole list.",
          "Declare `x-kubernetes-list-type: map` and `x-kubernetes-list-map-keys: [type]` (kubebuilder:"
              + " +listType=map and +listMapKey=type on the Conditions field).");
    }
  }
}
