package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * E03: the API server's own constraints on list types, on every array of the schema. Each finding
 * is one the API server would reject the CRD for; the messages quote the API server's.
 */
@RuleInfo(
    id = "crd-list-map-structural",
    code = "E03",
    title = "List-type markers satisfy the API server's constraints",
    severity = Severity.ERROR,
    scope = Scope.CRD,
    rationale =
        "The API server refuses a CRD whose x-kubernetes-list-type or x-kubernetes-list-map-keys break"
            + " its constraints: map keys must name scalar, required (or defaulted), non-nullable item"
            + " properties of an object item schema, a list type needs an array, and a set's items must be"
            + " atomic. Finding this before the CRD reaches a cluster saves"
            + " a failed install; the required-or-default and nullable checks apply on create, and on"
            + " update unless the stored CRD already broke them.",
    source = "apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go (list-type checks,"
        + " validateXListTypeMap, requireAtomicSetType, validateMapListKeysMapSet)")
public final class CrdListMapStructural implements CrdRule {
  private static final int MAX_DEPTH = 64;
  private static final Set<String> LIST_TYPES = Set.of("atomic", "set", "map");

  @Override
  public void check(CrdCheck check) {
    walk(check, StatusSchema.root(check), 0);
  }

  private void walk(CrdCheck check, SchemaNode node, int depth) {
    if (depth > MAX_DEPTH || !node.exists()) {
      return;
    }
    checkList(check, node);
    Iterator<Map.Entry<String, JsonNode>> fields = node.schema().path("properties").fields();
    while (fields.hasNext()) {
      walk(check, node.property(fields.next().getKey()), depth + 1);
    }
    walk(check, node.items(), depth + 1);
    JsonNode additional = node.schema().path("additionalProperties");
    if (additional.isObject()) {
      walk(check, new SchemaNode(node.at("additionalProperties"), additional, node.path() + "{}"), depth + 1);
    }
  }

  private void checkList(CrdCheck check, SchemaNode list) {
    JsonNode schema = list.schema();
    String listType = schema.path("x-kubernetes-list-type").asText("");
    JsonNode keys = schema.path("x-kubernetes-list-map-keys");
    boolean hasKeys = keys.isArray() && !keys.isEmpty();
    // Most schema nodes are not lists: the start of the messages is built only for a report.
    if (!schema.has("x-kubernetes-list-type") && !hasKeys) {
      return;
    }
    String where = "In " + StatusSchema.version(check) + ", " + (list.path().isEmpty() ? "the root" : list.path());
    if (schema.has("x-kubernetes-list-type") && !LIST_TYPES.contains(listType)) {
      report(check, list.at("x-kubernetes-list-type"), where + " has x-kubernetes-list-type '" + listType
          + "': supported values are \"atomic\", \"set\", \"map\".");
    }
    if (schema.has("x-kubernetes-list-type") && !list.type().equals("array")) {
      report(check, list.at("type"), where + ": type must be array if x-kubernetes-list-type is specified ("
          + (list.type().isEmpty() ? "it has no type" : "it is '" + list.type() + "'") + ").");
    }
    if (hasKeys && !listType.equals("map")) {
      report(check, list.at("x-kubernetes-list-type"), where
          + ": x-kubernetes-list-type must be map if x-kubernetes-list-map-keys is non-empty.");
    }
    if (!listType.equals("map") && !listType.equals("set")) {
      return;
    }
    SchemaNode items = list.items();
    if (items.schema().path("nullable").asBoolean(false)) {
      report(check, items.at("nullable"), where + ": items cannot be nullable when x-kubernetes-list-type is "
          + listType + ".");
    }
    if (listType.equals("set")) {
      checkSetItemsAtomic(check, items, where);
      return;
    }
    if (!hasKeys) {
      report(check, list.at("x-kubernetes-list-map-keys"), where
          + ": x-kubernetes-list-map-keys must not be empty if x-kubernetes-list-type is map.");
    }
    if (!items.exists()) {
      report(check, list.at("items"), where + ": items must have a schema if x-kubernetes-list-type is map.");
      return;
    }
    if (!items.type().equals("object")) {
      report(check, items.at("type"), where
          + ": items must be object if parent array's x-kubernetes-list-type is map (it is '" + items.type() + "').");
      return;
    }
    Set<String> required = new HashSet<>();
    items.schema().path("required").forEach(r -> required.add(r.asText()));
    Set<String> seen = new HashSet<>();
    for (int i = 0; hasKeys && i < keys.size(); i++) {
      String key = keys.get(i).asText();
      String keyPointer = Pointers.append(list.at("x-kubernetes-list-map-keys"), i);
      if (!seen.add(key)) {
        report(check, keyPointer, where + ": x-kubernetes-list-map-keys must not contain duplicate entries ('"
            + key + "').");
        continue;
      }
      if (!items.hasProperty(key)) {
        report(check, keyPointer, where + ": x-kubernetes-list-map-keys entries must all be names of item"
            + " properties ('" + key + "' is not).");
        continue;
      }
      SchemaNode property = items.property(key);
      String type = property.type();
      if (type.equals("array") || type.equals("object")) {
        report(check, property.at("type"), where + ": map key '" + key
            + "' must be a scalar type if parent array's x-kubernetes-list-type is map.");
      }
      if (!required.contains(key) && !property.schema().has("default")) {
        report(check, property.at("default"), where + ": map key '" + key
            + "' is in x-kubernetes-list-map-keys, so it must have a default or be a required property.");
      }
      if (property.schema().path("nullable").asBoolean(false)) {
        report(check, property.at("nullable"), where + ": map key '" + key
            + "' is in x-kubernetes-list-map-keys, so it cannot be nullable.");
      }
    }
  }

  /**
   * A set compares its items whole, so they must merge as a whole too: an array item must be atomic,
   * an object item must say {@code x-kubernetes-map-type: atomic} (its default is granular).
   */
  private static void checkSetItemsAtomic(CrdCheck check, SchemaNode items, String where) {
    JsonNode schema = items.schema();
    if (items.type().equals("array")
        && schema.has("x-kubernetes-list-type")
        && !schema.path("x-kubernetes-list-type").asText("").equals("atomic")) {
      report(check, items.at("x-kubernetes-list-type"), where
          + ": items must be atomic (x-kubernetes-list-type) as item of a list with x-kubernetes-list-type=set.");
    } else if (items.type().equals("object") && !schema.path("x-kubernetes-map-type").asText("").equals("atomic")) {
      report(check, items.at("x-kubernetes-map-type"), where
          + ": items must be atomic (x-kubernetes-map-type) as item of a list with x-kubernetes-list-type=set.");
    }
  }

  private static void report(CrdCheck check, String pointer, String message) {
    check.report(pointer, message + " The API server rejects this CRD.",
        "Fix the list markers as the message says (kubebuilder: +listType, +listMapKey, +required).");
  }
}
