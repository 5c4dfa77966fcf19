package dev.condlint.cli.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Document;
import dev.condlint.rules.schema.KindSchema;
import dev.condlint.rules.schema.KindSchemaSource;
import dev.condlint.rules.schema.SchemaOrigin;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import javax.net.ssl.SSLException;

/**
 * The kinds' schemas at one schema location, read the first time an object of a kind asks (the engine
 * receives them parsed). A location that cannot be reached, or gives what is no schema, is one error
 * naming it, however many objects ask: after a failure to reach it, it is asked nothing more this run.
 * A schema that declares no condition list says nothing of conditions and is not returned. Safe for
 * the linter's threads.
 */
final class LocationSchemas implements KindSchemaSource {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SchemaLocation location;
  private final SchemaFetcher fetcher;
  private final Map<String, List<KindSchema>> byTarget = new ConcurrentHashMap<>();
  private volatile boolean unreachable;
  private final AtomicReference<Failure> firstError = new AtomicReference<>();
  private final AtomicInteger errors = new AtomicInteger();
  private volatile List<KindSchema> manifests;

  LocationSchemas(SchemaLocation location, SchemaFetcher fetcher) {
    this.location = location;
    this.fetcher = fetcher;
  }

  SchemaLocation location() {
    return location;
  }

  /**
   * What went wrong at this location: where a file it holds is no schema, that file, by the name the
   * location gives it, with the line and column; else the location.
   */
  private record Failure(Optional<String> file, int line, int column, String message) {
    static Failure of(String message) {
      return new Failure(Optional.empty(), 0, 0, message);
    }
  }

  /** What went wrong at this location, once, with how many other look-ups failed too. */
  Optional<InputError> error() {
    Failure first = firstError.get();
    if (first == null) {
      return Optional.empty();
    }
    int more = errors.get() - 1;
    String message = first.message() + (more > 0 ? " (and " + more + " more " + (more == 1 ? "schema" : "schemas") + ")" : "");
    if (first.file().isEmpty()) {
      return Optional.of(InputError.of(location.text(), "schema location: " + message));
    }
    String said = "schema location " + location.text() + ": " + message;
    return Optional.of(first.line() == 0 ? InputError.of(first.file().get(), said)
        : InputError.at(first.file().get(), first.line(), first.column(), said));
  }

  /** A file of the location by the name the user gave the location: a URL as it is, a path under the location's. */
  private String shown(String target) {
    if (location.path().isEmpty() || location.kind() == SchemaLocation.Kind.URL) {
      return target;
    }
    Path root = location.path().get();
    Path file = Path.of(target);
    if (location.kind() == SchemaLocation.Kind.FILE || !file.startsWith(root)) {
      return location.kind() == SchemaLocation.Kind.FILE && file.equals(root) ? location.text() : target;
    }
    return Path.of(location.text()).resolve(root.relativize(file)).toString();
  }

  @Override
  public Optional<KindSchema> find(String group, String version, String kind) {
    String apiVersion = group.isEmpty() ? version : group + "/" + version;
    List<KindSchema> found = switch (location.kind()) {
      case DEFAULT -> List.of();
      case URL, PATH_TEMPLATE -> byTarget.computeIfAbsent(location.template().orElseThrow().render(apiVersion, kind),
          target -> read(target, group, version, kind));
      case DIRECTORY -> {
        Path file = location.path().orElseThrow().resolve(group).resolve(kind.toLowerCase(Locale.ROOT) + "_" + version + ".json");
        List<KindSchema> inLayout = byTarget.computeIfAbsent(file.toString(), target -> read(target, group, version, kind));
        yield inLayout.isEmpty() ? manifests() : inLayout;
      }
      case FILE -> manifests();
    };
    return found.stream().filter(s -> matches(s, group, version, kind)).findFirst();
  }

  @Override
  public List<KindSchema> versions(String group, String kind) {
    List<KindSchema> out = new ArrayList<>();
    if (location.kind() == SchemaLocation.Kind.DIRECTORY) {
      Path dir = location.path().orElseThrow().resolve(group);
      String prefix = kind.toLowerCase(Locale.ROOT) + "_";
      if (Files.isDirectory(dir)) {
        try (Stream<Path> files = Files.list(dir)) {
          files.map(p -> p.getFileName().toString())
              .filter(n -> n.startsWith(prefix) && n.endsWith(".json"))
              .sorted()
              .forEach(n -> find(group, n.substring(prefix.length(), n.length() - ".json".length()), kind).ifPresent(out::add));
        } catch (IOException e) {
          fail("cannot list " + dir + ": " + e.getMessage());
        }
      }
    }
    if (location.kind() == SchemaLocation.Kind.DIRECTORY || location.kind() == SchemaLocation.Kind.FILE) {
      manifests().stream().filter(s -> matches(s, group, s.version(), kind) && !out.contains(s)).forEach(out::add);
    }
    return out;
  }

  private static boolean matches(KindSchema schema, String group, String version, String kind) {
    return schema.group().equals(group) && schema.version().equals(version) && schema.kind().equalsIgnoreCase(kind);
  }

  /** The schemas at a URL or file: none where there is nothing; an error where it cannot be read or parsed. */
  private List<KindSchema> read(String target, String group, String version, String kind) {
    if (unreachable) {
      return List.of();
    }
    Optional<byte[]> content;
    try {
      if (location.kind() == SchemaLocation.Kind.URL) {
        content = fetcher.fetch(target);
      } else {
        Path file = Path.of(target);
        content = Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
      }
    } catch (IOException e) {
      unreachable = location.kind() == SchemaLocation.Kind.URL;
      fail("cannot read " + target + ": " + describe(e));
      return List.of();
    }
    if (content.isEmpty()) {
      return List.of();
    }
    try {
      return schemas(content.get(), target, group, version, kind);
    } catch (NoSchema e) {
      fail(new Failure(Optional.of(shown(target)), e.line(), e.column(), "no JSON Schema or CRD: " + e.getMessage()));
      return List.of();
    } catch (IllegalArgumentException e) {
      fail(new Failure(Optional.of(shown(target)), 0, 0, "no JSON Schema or CRD: " + e.getMessage()));
      return List.of();
    }
  }

  /**
   * The kinds' schemas of a text: the versions of the CRDs in it, or else, where it is one JSON object,
   * a JSON Schema of the kind and version it was asked for (a catalogue names a file for its kind and
   * version; the schema in it does not).
   */
  private List<KindSchema> schemas(byte[] bytes, String target, String group, String version, String kind) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    List<JsonNode> trees = new ArrayList<>();
    if (text.stripLeading().startsWith("{")) {
      try {
        trees.add(JSON.readTree(text));
      } catch (JsonProcessingException e) {
        throw new NoSchema(e.getLocation().getLineNr(), e.getLocation().getColumnNr(), e.getOriginalMessage());
      }
    } else {
      YamlDocuments.Loaded loaded = YamlDocuments.documents(target, text);
      if (!loaded.problems().isEmpty()) {
        throw new NoSchema(loaded.problems().get(0).at().line(), loaded.problems().get(0).at().column(),
            loaded.problems().get(0).message());
      }
      loaded.documents().stream().map(Document::object).forEach(trees::add);
    }
    List<KindSchema> out = new ArrayList<>();
    for (JsonNode tree : trees) {
      out.addAll(KindSchema.ofCrd(tree, v -> origin(target)));
    }
    if (out.isEmpty()) {
      if (trees.size() != 1 || !trees.get(0).isObject() || trees.get(0).has("apiVersion")) {
        throw new NoSchema(0, 0, "neither a CustomResourceDefinition nor a kind's JSON Schema");
      }
      out.add(KindSchema.ofJsonSchema(group, kind, version, trees.get(0), origin(target)));
    }
    return out.stream().filter(s -> !s.conditionLists().isEmpty()).toList();
  }

  private SchemaOrigin origin(String target) {
    return new SchemaOrigin(location.text(), target);
  }

  /** The CRD manifests of a directory's .yaml and .yml files, or of a file, read once. */
  private List<KindSchema> manifests() {
    List<KindSchema> read = manifests;
    if (read != null) {
      return read;
    }
    synchronized (this) {
      if (manifests == null) {
        List<KindSchema> out = new ArrayList<>();
        Path root = location.path().orElseThrow();
        try (Stream<Path> files = location.kind() == SchemaLocation.Kind.FILE ? Stream.of(root) : Files.walk(root)) {
          for (Path file : files.filter(Files::isRegularFile).filter(p -> location.kind() == SchemaLocation.Kind.FILE
              || p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().toList()) {
            out.addAll(crds(file));
          }
        } catch (IOException e) {
          fail("cannot read " + root + ": " + e.getMessage());
        }
        manifests = List.copyOf(out);
      }
      return manifests;
    }
  }

  private List<KindSchema> crds(Path file) {
    try {
      YamlDocuments.Loaded loaded = YamlDocuments.documents(file.toString(), Files.readString(file));
      if (!loaded.problems().isEmpty()) {
        fail(new Failure(Optional.of(shown(file.toString())), loaded.problems().get(0).at().line(),
            loaded.problems().get(0).at().column(), loaded.problems().get(0).message()));
      }
      List<KindSchema> out = new ArrayList<>();
      for (Document document : loaded.documents()) {
        KindSchema.ofCrd(document.object(), v -> origin(file.toString())).stream()
            .filter(s -> !s.conditionLists().isEmpty())
            .forEach(out::add);
      }
      return out;
    } catch (IOException e) {
      fail("cannot read " + file + ": " + e.getMessage());
      return List.of();
    }
  }

  private void fail(String message) {
    fail(Failure.of(message));
  }

  private void fail(Failure failure) {
    firstError.compareAndSet(null, failure);
    errors.incrementAndGet();
  }

  /** A text that is no schema, with where its parser stopped ({@code line} 0: the text as a whole). */
  private static final class NoSchema extends RuntimeException {
    private final int line;
    private final int column;

    NoSchema(int line, int column, String message) {
      super(message, null, false, false);
      this.line = line;
      this.column = column;
    }

    int line() {
      return line;
    }

    int column() {
      return column;
    }
  }

  /** An I/O failure in words: the JDK's HTTP client leaves some messages empty. */
  static String describe(IOException e) {
    if (e instanceof HttpConnectTimeoutException) {
      return "no connection within " + SchemaFetcher.CONNECT_TIMEOUT.toSeconds() + "s";
    }
    Throwable cause = e;
    while (cause != null) {
      if (cause instanceof ConnectException) {
        return "connection refused";
      }
      if (cause instanceof UnknownHostException) {
        return "unknown host " + cause.getMessage();
      }
      if (cause instanceof SSLException) {
        return "TLS failed: " + cause.getMessage();
      }
      cause = cause.getCause();
    }
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }
}
