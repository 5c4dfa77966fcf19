package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Pointers;

/**
 * A node of a CRD's openAPIV3Schema: its JSON Pointer in the CRD, the schema, and the path of the
 * object field it describes ({@code status.listeners[].conditions}) for messages.
 */
record SchemaNode(String pointer, JsonNode schema, String path) {

  /** The schema of a named property, and its pointer, whether it exists or not. */
  SchemaNode property(String name) {
    String p = Pointers.append(Pointers.append(pointer, "properties"), name);
    return new SchemaNode(p, schema.path("properties").path(name), path.isEmpty() ? name : path + "." + name);
  }

  SchemaNode items() {
    return new SchemaNode(Pointers.append(pointer, "items"), schema.path("items"), path + "[]");
  }

  /** The pointer of one of this schema's keywords ({@code required}, {@code maxItems}, ...). */
  String at(String keyword) {
    return Pointers.append(pointer, keyword);
  }

  boolean exists() {
    return schema.isObject();
  }

  boolean hasProperty(String name) {
    return schema.path("properties").has(name);
  }

  /** {@code type} of the schema, or {@code ""}. */
  String type() {
    return schema.path("type").asText("");
  }

  boolean isTrue(String keyword) {
    return schema.path(keyword).asBoolean(false);
  }
}
