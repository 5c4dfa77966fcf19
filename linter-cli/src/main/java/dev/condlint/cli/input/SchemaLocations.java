package dev.condlint.cli.input;

import dev.condlint.rules.schema.KindSchemaSource;
import dev.condlint.rules.schema.KindSchemas;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The schema locations of a run: the {@code --schema-location} flags (relative to the working
 * directory), then the configuration's {@code schemaLocations} (relative to its file), in that order.
 * The engine asks them for the schema of a kind no CRD of the run defines, before the catalogue; HTTPS
 * locations are fetched through the schema cache. After the run, {@link #errors} says, once per
 * location, what could not be read.
 */
public final class SchemaLocations {
  public static final SchemaLocations NONE = new SchemaLocations(List.of());

  private final List<LocationSchemas> locations;

  private SchemaLocations(List<LocationSchemas> locations) {
    this.locations = List.copyOf(locations);
  }

  /**
   * A location as written, where it was written ({@code --schema-location},
   * {@code .condlint.yaml schemaLocations[0]}), and what relative paths in it are relative to.
   */
  public record Written(String text, String where, Path base) {}

  /** A malformed location: the message names it and where it was written. */
  public static final class Malformed extends IllegalArgumentException {
    private final transient Written written;

    Malformed(Written written, String problem, Throwable cause) {
      super(written.where() + " '" + written.text() + "': " + problem, cause);
      this.written = written;
    }

    public Written written() {
      return written;
    }
  }

  /**
   * The locations, fetched through the cache in {@code ${XDG_CACHE_HOME:-~/.cache}/condlint/schemas}, over
   * HTTPS that trusts the JVM's certificate authorities, or, where {@code SSL_CERT_FILE} names a PEM
   * file, the certificates in it (as Go programs such as kubeconform do).
   *
   * @throws Malformed naming the first location that is malformed, and why
   * @throws IllegalArgumentException for an {@code SSL_CERT_FILE} that cannot be read
   */
  public static SchemaLocations open(List<Written> written, Map<String, String> environment) {
    return open(written, () -> {
      SchemaCache cache = new SchemaCache(SchemaCache.defaultDirectory(environment));
      String certificates = environment.getOrDefault("SSL_CERT_FILE", "");
      return certificates.isEmpty()
          ? SchemaFetcher.withDefaultTrust(cache)
          : new SchemaFetcher(cache, Trust.of(Path.of(certificates)), SchemaFetcher.CONNECT_TIMEOUT,
              SchemaFetcher.REQUEST_TIMEOUT);
    });
  }

  static SchemaLocations open(List<Written> written, SchemaFetcher fetcher) {
    return open(written, () -> fetcher);
  }

  /** The fetcher (and the TLS set-up it costs) is made only where a location is an HTTPS one. */
  private static SchemaLocations open(List<Written> written, Supplier<SchemaFetcher> fetcher) {
    List<SchemaLocation> parsed = new ArrayList<>();
    for (Written w : written) {
      try {
        parsed.add(SchemaLocation.parse(w.text(), w.base()));
      } catch (IllegalArgumentException e) {
        throw new Malformed(w, e.getMessage(), e);
      }
    }
    SchemaFetcher https = parsed.stream().anyMatch(l -> l.kind() == SchemaLocation.Kind.URL) ? fetcher.get() : null;
    return new SchemaLocations(parsed.stream().map(l -> new LocationSchemas(l, https)).toList());
  }

  public boolean isEmpty() {
    return locations.isEmpty();
  }

  /** The sources the engine asks, in order. */
  public KindSchemas kindSchemas() {
    List<KindSchemaSource> sources = new ArrayList<>(locations);
    return sources.isEmpty() ? KindSchemas.NONE : KindSchemas.of(sources);
  }

  /** What could not be read: one error per location, naming it. */
  public List<InputError> errors() {
    List<InputError> out = new ArrayList<>();
    for (LocationSchemas l : locations) {
      l.error().ifPresent(out::add);
    }
    return out;
  }
}
