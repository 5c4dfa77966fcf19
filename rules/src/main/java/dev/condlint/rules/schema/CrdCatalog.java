package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.ObjectRef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CRDs a front end found (among the linted files, or in {@code --crds} folders), by group, kind
 * and version, so that custom resources can be checked against their schema. Immutable once built.
 */
public final class CrdCatalog {
  public static final CrdCatalog EMPTY = new CrdCatalog(Map.of());

  private final Map<String, CrdVersion> byApiVersionAndKind;

  private CrdCatalog(Map<String, CrdVersion> versions) {
    this.byApiVersionAndKind = Map.copyOf(versions);
  }

  /** A catalogue of these objects' CRDs; objects that are not CRDs are ignored. The first CRD of a name wins. */
  public static CrdCatalog of(List<JsonNode> objects) {
    Map<String, CrdVersion> versions = new LinkedHashMap<>();
    for (JsonNode o : objects) {
      if (!ObjectRef.of(o).isCustomResourceDefinition()) {
        continue;
      }
      String group = o.path("spec").path("group").asText("");
      String kind = o.path("spec").path("names").path("kind").asText("");
      for (JsonNode v : o.path("spec").path("versions")) {
        JsonNode schema = v.path("schema").path("openAPIV3Schema");
        if (schema.isObject()) {
          String version = v.path("name").asText("");
          versions.putIfAbsent(key(group + "/" + version, kind),
              new CrdVersion(o.path("metadata").path("name").asText(""), group, kind, version, schema));
        }
      }
    }
    return new CrdCatalog(versions);
  }

  public boolean isEmpty() {
    return byApiVersionAndKind.isEmpty();
  }

  public int size() {
    return byApiVersionAndKind.size();
  }

  /** The CRD version that defines objects of this apiVersion and kind. */
  public Optional<CrdVersion> find(String apiVersion, String kind) {
    return Optional.ofNullable(byApiVersionAndKind.get(key(apiVersion, kind)));
  }

  private static String key(String apiVersion, String kind) {
    return apiVersion + "|" + kind;
  }
}
