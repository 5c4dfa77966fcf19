package dev.condlint.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.YamlWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * What an audit read, saved as YAML, one file per object, so that {@code condlint lint DIR} judges the
 * same objects offline: {@code DIR/GROUP/RESOURCE/NAMESPACE/NAME.yaml} ({@code core} for the core
 * group, no namespace folder for a cluster-scoped object). The CRDs that served only as contracts
 * (not audited themselves) go to {@code DIR/.crds/NAME.yaml}, which {@code lint DIR} skips as hidden and
 * {@code lint DIR --crds DIR/.crds} reads. Safe to use from several threads. The first file that
 * cannot be written stops the saving and is the one problem reported.
 */
public final class SavedObjects {
  public static final String CONTRACTS = ".crds";

  private final Path dir;
  private final AtomicReference<ReadProblem> failure = new AtomicReference<>();

  private SavedObjects(Path dir) {
    this.dir = dir;
  }

  /** Saves into a directory that is new or empty: a copy mixed with an older one would not be this audit's. */
  public static SavedObjects in(Path dir) {
    try {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> entries = Files.list(dir)) {
          if (entries.findAny().isPresent()) {
            throw new ClusterException("--save: " + dir + " is not empty; name a new or empty directory");
          }
        }
      }
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ClusterException("--save: cannot create " + dir + ": " + e.getMessage(), e);
    }
    return new SavedObjects(dir);
  }

  /** Saves an audited object of the resource. */
  public void save(ApiResource resource, JsonNode object) {
    JsonNode metadata = object.path("metadata");
    Path folder = dir.resolve(resource.group().isEmpty() ? "core" : resource.group()).resolve(resource.plural());
    String namespace = metadata.path("namespace").asText("");
    write(namespace.isEmpty() ? folder : folder.resolve(segment(namespace)), metadata.path("name").asText(""), object);
  }

  /** Saves a CRD that is a contract only. */
  public void saveContract(JsonNode crd) {
    write(dir.resolve(CONTRACTS), crd.path("metadata").path("name").asText(""), crd);
  }

  /** Why the copy is incomplete, if it is. */
  public Optional<ReadProblem> problem() {
    return Optional.ofNullable(failure.get());
  }

  private void write(Path folder, String name, JsonNode object) {
    if (failure.get() != null) {
      return;
    }
    Path file = folder.resolve(segment(name) + ".yaml");
    try {
      Files.createDirectories(folder);
      try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE)) {
        YamlWriter.write(object, out);
      }
    } catch (IOException e) {
      failure.compareAndSet(null, new ReadProblem("--save " + dir, "cannot write " + file + " (" + e
          + "); no more objects are saved"));
    }
  }

  /** A name as one path segment: API names hold no slash, but a file name must not be empty, {@code .} or {@code ..}. */
  private static String segment(String name) {
    String safe = name.replace('/', '_').replace('\\', '_');
    return safe.isEmpty() || safe.equals(".") || safe.equals("..") ? "_" + safe : safe;
  }
}
