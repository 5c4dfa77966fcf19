package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.profile.ProfileNames;
import dev.condlint.rules.schema.VersionSchema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the parts of a CRD version's schema that the E rules look at: the root, the {@code status}
 * schema ({@code S} in the catalogue) and every condition list schema below it ({@code C}:
 * {@code status.conditions} and nested ones such as Gateway API's {@code status.listeners[].conditions}).
 */
final class StatusSchema {
  private static final int MAX_DEPTH = 32;

  private StatusSchema() {}

  /** The version's {@code schema.openAPIV3Schema}, or the v1beta1 CRD's {@code spec.validation} ({@link VersionSchema}). */
  static SchemaNode root(CrdCheck check) {
    VersionSchema schema = VersionSchema.of(check.crd(), check.version(), check.versionPointer());
    return new SchemaNode(schema.pointer(), schema.schema(), "");
  }

  /** The {@code status} property's schema, when the version declares one. */
  static Optional<SchemaNode> status(CrdCheck check) {
    SchemaNode s = root(check).property("status");
    return s.exists() ? Optional.of(s) : Optional.empty();
  }

  /**
   * Every array property named {@code conditions} under status; {@code status.conditions} first. Cluster
   * API v1beta2 keeps its old v1beta1 conditions under {@code status.deprecated.v1beta1.conditions} as a
   * compatibility copy in the old format; the v1beta2 expectations do not apply to it, so it is left out.
   */
  static List<SchemaNode> conditionLists(CrdCheck check) {
    List<SchemaNode> out = new ArrayList<>();
    status(check).ifPresent(s -> walk(s, 0, out));
    if (check.profile().name().equals(ProfileNames.CAPI_V1BETA2)) {
      out.removeIf(list -> list.path().equals("status.deprecated.v1beta1.conditions"));
    }
    return out;
  }

  private static void walk(SchemaNode node, int depth, List<SchemaNode> out) {
    if (depth > MAX_DEPTH) {
      return;
    }
    JsonNode properties = node.schema().path("properties");
    if (properties.has("conditions") && isArraySchema(properties.get("conditions"))) {
      out.add(node.property("conditions"));
    }
    Iterator<Map.Entry<String, JsonNode>> fields = properties.fields();
    while (fields.hasNext()) {
      String name = fields.next().getKey();
      if (!name.equals("conditions")) {
        walk(node.property(name), depth + 1, out);
      }
    }
    if (node.schema().path("items").isObject()) {
      walk(node.items(), depth + 1, out);
    }
  }

  private static boolean isArraySchema(JsonNode schema) {
    return schema.path("type").asText("").equals("array") || schema.has("items");
  }

  /** "version v1" for messages. */
  static String version(CrdCheck check) {
    return "version " + (check.versionName().isEmpty() ? "(unnamed)" : check.versionName());
  }
}
