package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One version of a CRD found among the inputs. A run may hold hundreds of CRDs, each schema a tree of
 * thousands of nodes, so the schema is kept as compact JSON and its validator compiled on use, in the
 * catalogue's cache of recently used validators.
 */
public final class CrdVersion {
  private final String crdName;
  private final String group;
  private final String kind;
  private final String version;
  private final byte[] schemaJson;
  private final Map<String, ConditionListSchema> conditionLists;
  private final Set<String> categories;
  private final String origin;
  private final List<ConditionColumn> conditionColumns;
  private final RecentlyUsed<CrdVersion, StructuralValidator> validators;

  CrdVersion(
      String crdName,
      String group,
      String kind,
      String version,
      JsonNode schema,
      Set<String> categories,
      String origin,
      List<ConditionColumn> conditionColumns,
      RecentlyUsed<CrdVersion, StructuralValidator> validators) {
    this.crdName = crdName;
    this.group = group;
    this.kind = kind;
    this.version = version;
    this.schemaJson = Json.write(schema);
    this.conditionLists = ConditionListSchemas.of(schema);
    this.categories = Set.copyOf(categories);
    this.origin = origin;
    this.conditionColumns = List.copyOf(conditionColumns);
    this.validators = validators;
  }

  public String crdName() {
    return crdName;
  }

  /**
   * Where a front end found the CRD when it was not given ({@code discovered in config/crd/bases/x.yaml:1}),
   * for a finding's basis; empty for a CRD among the inputs, in {@code --crds} or in the cluster.
   */
  public String origin() {
    return origin;
  }

  public String apiVersion() {
    return group + "/" + version;
  }

  public String kind() {
    return kind;
  }

  /** The version's {@code openAPIV3Schema}, parsed anew from its compact form on every call. */
  JsonNode schema() {
    return Json.read(schemaJson);
  }

  public StructuralValidator validator() {
    return validators.get(this, v -> StructuralValidator.forObject(v.schema()));
  }

  /** The CRD's {@code spec.names.categories} (Crossplane marks composite resources {@code composite}). */
  public Set<String> categories() {
    return categories;
  }

  /**
   * The schema of every condition list the status schema declares, by path
   * ({@code status.conditions}, {@code status.listeners[].conditions}).
   */
  public Map<String, ConditionListSchema> conditionLists() {
    return conditionLists;
  }

  /** The version's printer columns that each show one condition's status ({@link ConditionColumn}). */
  public List<ConditionColumn> conditionColumns() {
    return conditionColumns;
  }

  /** Started only when a run has CRDs: an ObjectMapper costs a small run's start-up. */
  private static final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static byte[] write(JsonNode tree) {
      try {
        return MAPPER.writeValueAsBytes(tree);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    static JsonNode read(byte[] json) {
      try {
        return MAPPER.readTree(json);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
