package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;

/** Which object a finding is about. Missing parts are empty strings, never null. */
public record ObjectRef(String apiVersion, String kind, String namespace, String name) {

  public static ObjectRef of(JsonNode object) {
    JsonNode metadata = object.path("metadata");
    return new ObjectRef(
        text(object.path("apiVersion")),
        text(object.path("kind")),
        text(metadata.path("namespace")),
        text(metadata.path("name")));
  }

  private static String text(JsonNode node) {
    return node.isTextual() ? node.asText() : "";
  }

  /** The API group: {@code ""} for the core group ({@code v1}). */
  public String group() {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** The version part of apiVersion. */
  public String version() {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
  }

  /** {@code Kind/namespace/name} or {@code Kind/name}, for messages. */
  public String display() {
    String k = kind.isEmpty() ? "object" : kind;
    String n = name.isEmpty() ? "(unnamed)" : name;
    return namespace.isEmpty() ? k + "/" + n : k + "/" + namespace + "/" + n;
  }

  public boolean isCustomResourceDefinition() {
    return "CustomResourceDefinition".equals(kind) && "apiextensions.k8s.io".equals(group());
  }
}
