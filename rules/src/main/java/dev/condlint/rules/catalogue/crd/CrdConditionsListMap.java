package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.contract.ConditionFamily;
import java.util.Set;
import java.util.TreeSet;

/**
 * E02: condition lists are list-maps keyed by type, where {@code type} is meant as the key: a list-map
 * whose project chose other keys, or a list whose items require a field that names them besides their
 * type (Sveltos's per-check {@code name}), gets an info that names the convention.
 */
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
            + " CRDs (all of Flux's and Knative's) omit it. A list-map whose project declared other keys, or a"
            + " list whose items are told apart by more than their type, or a list declared atomic"
            + " (+listType=atomic), made a choice: that is an info; the API server treats an atomic list as it"
            + " treats an undeclared one (duplicates pass), but only the undeclared one is an oversight.",
    source =
        "api-conventions (\"treated as a map with a key of type\"; \"All list fields should have their"
            + " listType tag(s) set\"); metav1.Condition usage comment; kube-api-linter conditions, ssatags")
public final class CrdConditionsListMap implements CrdRule {
  private static final String HINT = "Declare `x-kubernetes-list-type: map` and `x-kubernetes-list-map-keys: [type]`"
      + " (kubebuilder: +listType=map and +listMapKey=type on the Conditions field).";

  @Override
  public void check(CrdCheck check) {
    for (SchemaNode c : StatusSchema.conditionLists(check)) {
      SchemaNode items = c.items();
      if (items.schema().path("properties").isObject() && !items.hasProperty("type")) {
        // Items without a type (OLM's ClusterServiceVersion phase records) have nothing to key by it.
        continue;
      }
      String listType = c.schema().path("x-kubernetes-list-type").asText("");
      JsonNode keys = c.schema().path("x-kubernetes-list-map-keys");
      boolean keyedByType = keys.isArray() && keys.size() == 1 && "type".equals(keys.get(0).asText());
      if (listType.equals("map") && keyedByType) {
        continue;
      }
      String where = "In " + StatusSchema.version(check) + ", " + c.path();
      Set<String> names = namesBesideType(check, items);
      if (listType.equals("map")) {
        check.report(
            Severity.INFO,
            c.pointer(),
            where + " is declared x-kubernetes-list-type: map with list-map-keys " + keys
                + ", a choice of its project; conditions are usually a list-map keyed by type, so that the API"
                + " server rejects duplicate types and server-side apply merges each condition by type.",
            HINT);
      } else if (!names.isEmpty()) {
        check.report(
            Severity.INFO,
            c.pointer(),
            where + " has no x-kubernetes-list-type, and its items also require " + String.join(", ", names)
                + ", which no condition type has: if conditions are told apart by more than their type, declare"
                + " them a list-map with those keys too; conditions are usually a list-map keyed by type.",
            "Declare `x-kubernetes-list-type: map` and `x-kubernetes-list-map-keys` with the fields that tell"
                + " conditions apart.");
      } else if (listType.isEmpty()) {
        check.report(
            c.pointer(),
            where + " has no x-kubernetes-list-type, so the API server accepts duplicate condition types and"
                + " server-side apply replaces the whole list.",
            HINT);
      } else {
        // A declared atomic (or set) list is the API's own statement, not an oversight: the same effect as an
        // undeclared list, but a choice its project made (tinkerbell's Workflow, cass-operator's datacenter).
        check.report(
            Severity.INFO,
            c.pointer(),
            where + " is declared x-kubernetes-list-type: " + listType + ", a choice of its project: the API server"
                + " accepts duplicate condition types and server-side apply replaces the whole list; conditions are"
                + " usually a list-map keyed by type.",
            HINT);
      }
    }
  }

  /** The fields the items require that no condition family of the catalogue has (Sveltos's {@code name}). */
  private static Set<String> namesBesideType(CrdCheck check, SchemaNode items) {
    Set<String> known = new TreeSet<>();
    for (ConditionFamily family : check.catalogue().families().values()) {
      known.addAll(family.schema().fieldNames());
    }
    Set<String> out = new TreeSet<>(ItemFamily.required(items));
    out.removeAll(known);
    return out;
  }
}
