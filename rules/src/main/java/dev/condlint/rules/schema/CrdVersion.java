package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * One version of a CRD found among the inputs, with its schema. The validator is compiled on first
 * use and kept, so thousands of samples of one kind compile it once.
 */
public final class CrdVersion {
  private final String crdName;
  private final String group;
  private final String kind;
  private final String version;
  private final JsonNode schema;
  private volatile StructuralValidator validator;

  CrdVersion(String crdName, String group, String kind, String version, JsonNode schema) {
    this.crdName = crdName;
    this.group = group;
    this.kind = kind;
    this.version = version;
    this.schema = schema;
  }

  public String crdName() {
    return crdName;
  }

  public String apiVersion() {
    return group + "/" + version;
  }

  public String kind() {
    return kind;
  }

  public JsonNode schema() {
    return schema;
  }

  public StructuralValidator validator() {
    StructuralValidator v = validator;
    if (v == null) {
      synchronized (this) {
        v = validator;
        if (v == null) {
          v = StructuralValidator.forObject(schema);
          validator = v;
        }
      }
    }
    return v;
  }

  /** The fields the schema gives items of {@code status.conditions}, when it declares them. */
  public Optional<Set<String>> conditionFields() {
    JsonNode properties = conditionItem().path("properties");
    if (!properties.isObject() || properties.isEmpty()) {
      return Optional.empty();
    }
    Set<String> fields = new LinkedHashSet<>();
    properties.fieldNames().forEachRemaining(fields::add);
    return Optional.of(fields);
  }

  /** Whether the schema of {@code status.conditions} items lists this field in {@code required}. */
  public boolean requiresConditionField(String field) {
    for (JsonNode required : conditionItem().path("required")) {
      if (required.asText().equals(field)) {
        return true;
      }
    }
    return false;
  }

  private JsonNode conditionItem() {
    return schema.path("properties").path("status").path("properties").path("conditions").path("items");
  }
}
