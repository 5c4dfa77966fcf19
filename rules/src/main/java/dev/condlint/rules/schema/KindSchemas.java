package dev.condlint.rules.schema;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Sources of kinds' schemas beside the CRDs of a run, strongest first: the schema locations a front
 * end was given, or condlint's bundled CRD catalogue. A kind's schema at the object's own version in any
 * source comes before the nearest version in any; among equals, the earlier source wins. Immutable and
 * safe to share across threads.
 */
public final class KindSchemas {
  public static final KindSchemas NONE = new KindSchemas(List.of());

  private final List<KindSchemaSource> sources;

  private KindSchemas(List<KindSchemaSource> sources) {
    this.sources = List.copyOf(sources);
  }

  public static KindSchemas of(List<KindSchemaSource> sources) {
    return new KindSchemas(sources);
  }

  /** condlint's bundled CRD catalogue alone. */
  public static KindSchemas bundled() {
    return of(List.of(CrdIndex.builtIn()));
  }

  public List<KindSchemaSource> sources() {
    return sources;
  }

  /** The kind's schema at the object's version, else at the nearest version a source lists. */
  public Optional<SchemaMatch> find(String group, String version, String kind) {
    if (sources.isEmpty() || kind.isEmpty()) {
      return Optional.empty();
    }
    for (KindSchemaSource source : sources) {
      Optional<KindSchema> exact = source.find(group, version, kind);
      if (exact.isPresent()) {
        return Optional.of(new SchemaMatch(exact.get(), version));
      }
    }
    for (KindSchemaSource source : sources) {
      List<KindSchema> versions = source.versions(group, kind);
      Optional<String> nearest = KubeVersions.nearest(version, versions.stream().map(KindSchema::version).toList());
      if (nearest.isPresent()) {
        return versions.stream().filter(s -> s.version().equals(nearest.get())).findFirst()
            .map(s -> new SchemaMatch(s, version));
      }
    }
    return Optional.empty();
  }

  /** The versions of a kind that the sources list, highest priority first. */
  public List<String> versions(String group, String kind) {
    Set<String> versions = new LinkedHashSet<>();
    for (KindSchemaSource source : sources) {
      source.versions(group, kind).forEach(s -> versions.add(s.version()));
    }
    List<String> out = new ArrayList<>(versions);
    out.sort(KubeVersions.PRIORITY);
    return out;
  }
}
