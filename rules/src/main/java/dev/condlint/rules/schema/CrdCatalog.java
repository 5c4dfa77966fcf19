package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ObjectRef;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The CRDs a front end found (among the linted files, or in {@code --crds} folders), by group, kind
 * and version, so that custom resources can be checked against their schema. Immutable once built.
 */
public final class CrdCatalog {
  public static final CrdCatalog EMPTY = new CrdCatalog(Map.of());

  /**
   * How many compiled validators a catalogue keeps. Samples usually sit next to their CRD, so a run
   * compiles each version once in practice; the bound keeps memory flat when a run has hundreds.
   */
  static final int VALIDATORS_KEPT = 32;

  private final Map<String, CrdVersion> byApiVersionAndKind;

  private CrdCatalog(Map<String, CrdVersion> versions) {
    this.byApiVersionAndKind = Collections.unmodifiableMap(new LinkedHashMap<>(versions));
  }

  /** A catalogue of these objects' CRDs; objects that are not CRDs are ignored. The first CRD of a name wins. */
  public static CrdCatalog of(List<JsonNode> objects) {
    return of(objects, VALIDATORS_KEPT);
  }

  static CrdCatalog of(List<JsonNode> objects, int validatorsKept) {
    Builder builder = new Builder(validatorsKept);
    objects.forEach(o -> builder.add(builder.compact(o)));
    return builder.build();
  }

  public static Builder builder() {
    return new Builder(VALIDATORS_KEPT);
  }

  /**
   * Puts a catalogue together from CRDs read in parallel: {@link #compact} turns each CRD into its
   * compact versions on any thread, as soon as it is read, so that no parse tree waits for the others;
   * {@link #add}, on one thread in input order, keeps the first CRD of each name.
   */
  public static final class Builder {
    private final RecentlyUsed<CrdVersion, StructuralValidator> validators;
    private final Map<String, CrdVersion> versions = new LinkedHashMap<>();

    private Builder(int validatorsKept) {
      this.validators = new RecentlyUsed<>(validatorsKept);
    }

    /** The versions of a CRD that have a schema; none for an object that is not a CRD. Thread-safe. */
    public List<CrdVersion> compact(JsonNode object) {
      return compact(object, "");
    }

    /**
     * {@link #compact(JsonNode)} of a CRD a front end found itself, not given it: {@code origin} says where
     * ({@link CrdVersion#origin}).
     */
    public List<CrdVersion> compact(JsonNode object, String origin) {
      if (!ObjectRef.of(object).isCustomResourceDefinition()) {
        return List.of();
      }
      String group = object.path("spec").path("group").asText("");
      String kind = object.path("spec").path("names").path("kind").asText("");
      String crdName = object.path("metadata").path("name").asText("");
      Set<String> categories = new LinkedHashSet<>();
      object.path("spec").path("names").path("categories").forEach(c -> categories.add(c.asText()));
      List<CrdVersion> out = new ArrayList<>();
      for (JsonNode v : object.path("spec").path("versions")) {
        JsonNode schema = VersionSchema.of(object, v);
        if (schema.isObject()) {
          out.add(new CrdVersion(crdName, group, kind, v.path("name").asText(""), schema, categories, origin,
              ConditionColumn.of(object, v), validators));
        }
      }
      return out;
    }

    /** Adds versions unless a version of the same apiVersion and kind came first. */
    public void add(List<CrdVersion> compacted) {
      for (CrdVersion v : compacted) {
        versions.putIfAbsent(key(v.apiVersion(), v.kind()), v);
      }
    }

    public CrdCatalog build() {
      return new CrdCatalog(versions);
    }
  }

  /**
   * This catalogue and, where it has no CRD of their apiVersion and kind, these versions (CRDs a front
   * end found beside the run's): the run's own CRDs win.
   */
  public CrdCatalog withWeaker(List<CrdVersion> weaker) {
    Map<String, CrdVersion> versions = new LinkedHashMap<>(byApiVersionAndKind);
    weaker.forEach(v -> versions.putIfAbsent(key(v.apiVersion(), v.kind()), v));
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

  /** Every version of a group's kind that the catalogue holds, in the order its CRD lists them. */
  public List<CrdVersion> versionsOf(String group, String kind) {
    List<CrdVersion> out = new ArrayList<>();
    for (CrdVersion v : byApiVersionAndKind.values()) {
      if (v.apiVersion().startsWith(group + "/") && v.kind().equals(kind)) {
        out.add(v);
      }
    }
    return out;
  }

  private static String key(String apiVersion, String kind) {
    return apiVersion + "|" + kind;
  }
}
