package dev.condlint.cli.input;

import dev.condlint.model.Document;
import dev.condlint.model.Position;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CRDs of a project, found by a walk of its files (CRD discovery): the YAML and JSON files below
 * its root, skipping {@code .git}, {@code node_modules}, {@code vendor}, {@code target}, {@code build},
 * {@code dist}, hidden directories and symbolic links to directories; only the files whose bytes
 * mention {@code CustomResourceDefinition} are parsed. The walk visits each directory's entries sorted
 * by name and stops at a count of files and of bytes ({@link Limits}, never a time), so what it finds
 * does not depend on the file system's order or the machine's speed. A file that cannot be read or
 * parsed is no input of the user's: it is skipped and named in {@link Walk#skipped}. A Helm template
 * that holds a CRD ({@code templates/crds.yaml}, wrapped in {@code {{- if .Values.installCRDs }}}) is
 * read without its template actions ({@link #withoutTemplateActions}), since a CRD's schema is rarely
 * templated.
 */
public final class ProjectCrds {
  static final String CRD_KIND = "CustomResourceDefinition";
  static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", "node_modules", "vendor", "target", "build", "dist");
  private static final Set<String> EXTENSIONS = Set.of(".yaml", ".yml", ".json");
  /** A line that is one Go template action and nothing else: {@code {{- if .Values.crds }}}, {@code {{- end }}}. */
  private static final Pattern ACTION_LINE = Pattern.compile("^\\s*\\{\\{.*}}\\s*$");
  /** A Go template action within a line: {@code {{ .Release.Name }}}. */
  private static final Pattern ACTION = Pattern.compile("\\{\\{.*?}}");
  private static final Comparator<Path> BY_NAME = Comparator.comparing(p -> p.getFileName().toString());

  private ProjectCrds() {}

  /**
   * How far a walk goes: {@code files} YAML and JSON files looked at, {@code bytes} read in all; a
   * file larger than {@code fileBytes} is skipped unread (a data dump, not a CRD).
   */
  public record Limits(int files, long bytes, long fileBytes) {
    /** Ten thousand files and 256 MiB: a large monorepo's CRDs, read in a few seconds at most. */
    public static final Limits DEFAULT = new Limits(10_000, 256L << 20, 16L << 20);
  }

  /**
   * What a walk of one root found: the compact versions of its CRDs in walk order, how many files and
   * bytes it read, the files it skipped (shown name and why), and, when it stopped at a limit, which.
   */
  public record Walk(
      Path root, List<CrdVersion> crds, int files, long bytes, List<String> skipped, Optional<String> stoppedAt) {
    public Walk {
      crds = List.copyOf(crds);
      skipped = List.copyOf(skipped);
    }
  }

  /**
   * The project root of a file in {@code directory}: the nearest directory at or above it that holds {@code .condlint.yaml}, looked
   * for up to the top of the git work tree it is in (a directory that holds {@code .git}, a directory or
   * a worktree's file), else that top; empty where there is neither, or where the root would be the file
   * system's root, the home directory or a directory above it, which are never walked.
   */
  public static Optional<Path> root(Path directory, Optional<Path> home) {
    Path start = directory.toAbsolutePath().normalize();
    Optional<Path> found = Optional.empty();
    for (Path d = start; d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve(ConfigFile.NAME))) {
        found = Optional.of(d);
        break;
      }
      if (Files.exists(d.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
        found = Optional.of(d);
        break;
      }
    }
    return found.filter(r -> r.getParent() != null
        && home.map(h -> !h.toAbsolutePath().normalize().startsWith(r)).orElse(true));
  }

  /**
   * Walks {@code root}; each CRD's versions are compacted by {@code catalog} with their origin
   * ({@code discovered in NAME:LINE}), NAME as {@code display} shows the file.
   */
  public static Walk walk(Path root, Limits limits, CrdCatalog.Builder catalog, Function<Path, String> display) {
    Walker walker = new Walker(limits, catalog, display);
    walker.directory(root);
    return new Walk(root, walker.crds, walker.files, walker.bytes, walker.skipped, walker.stoppedAt);
  }

  private static final class Walker {
    private final Limits limits;
    private final CrdCatalog.Builder catalog;
    private final Function<Path, String> display;
    private final List<CrdVersion> crds = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();
    private int files;
    private long bytes;
    private Optional<String> stoppedAt = Optional.empty();

    Walker(Limits limits, CrdCatalog.Builder catalog, Function<Path, String> display) {
      this.limits = limits;
      this.catalog = catalog;
      this.display = display;
    }

    void directory(Path dir) {
      List<Path> entries;
      try (Stream<Path> listed = Files.list(dir)) {
        entries = listed.sorted(BY_NAME).toList();
      } catch (IOException | RuntimeException e) {
        skipped.add(display.apply(dir) + " (cannot list the directory)");
        return;
      }
      for (Path entry : entries) {
        if (stoppedAt.isPresent()) {
          return;
        }
        BasicFileAttributes attributes;
        try {
          attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
          continue;
        }
        String name = entry.getFileName().toString();
        if (attributes.isDirectory()) {
          if (!name.startsWith(".") && !SKIPPED_DIRECTORIES.contains(name)) {
            directory(entry);
          }
        } else if (isManifestName(name) && (attributes.isRegularFile()
            || attributes.isSymbolicLink() && Files.isRegularFile(entry))) {
          file(entry);
        }
      }
    }

    private void file(Path path) {
      String shown = display.apply(path);
      long size;
      try {
        size = Files.size(path);
      } catch (IOException e) {
        skipped.add(shown + " (cannot be read)");
        return;
      }
      if (files + 1 > limits.files()) {
        stoppedAt = Optional.of("after " + limits.files() + " files");
        return;
      }
      files++;
      if (size > limits.fileBytes()) {
        skipped.add(shown + " (larger than " + size(limits.fileBytes()) + ")");
        return;
      }
      if (bytes + size > limits.bytes()) {
        stoppedAt = Optional.of("after " + size(limits.bytes()));
        return;
      }
      bytes += size;
      String text;
      try {
        byte[] content = SourceText.bytes(path, shown);
        if (!SourceText.mayHold(content, CRD_KIND)) {
          return;
        }
        text = SourceText.decode(shown, content);
      } catch (InputException | OutOfMemoryError e) {
        skipped.add(shown + " (cannot be read)");
        return;
      }
      List<Document> documents = new ArrayList<>();
      Optional<String> problem = parse(shown, text, documents);
      if (problem.isPresent() && text.contains("{{")) {
        documents.clear();
        String first = problem.get();
        problem = parse(shown, withoutTemplateActions(text), documents).map(p -> first);
      }
      if (problem.isPresent()) {
        skipped.add(shown + " (cannot be parsed: " + problem.get() + ")");
        return;
      }
      for (Document d : documents) {
        int line = d.source().position("").map(Position::line).orElse(1);
        crds.addAll(catalog.compact(d.object(), "discovered in " + shown + ":" + line));
      }
    }

    /** Parses a text's objects into {@code documents}; what stopped it, if anything did. */
    private static Optional<String> parse(String shown, String text, List<Document> documents) {
      try {
        YamlDocuments.Read read = YamlDocuments.objects(shown, text, YamlDocuments.ObjectSink.into(documents));
        return read.problems().stream().findFirst().map(p -> p.at().line() + ":" + p.at().column() + ": " + p.message());
      } catch (RuntimeException | OutOfMemoryError e) {
        return Optional.of(String.valueOf(e.getMessage()));
      }
    }

    /** {@code 256 MiB}, or {@code 1000 bytes} where that is no whole number of MiB. */
    private static String size(long bytes) {
      return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }

    private static boolean isManifestName(String name) {
      String lower = name.toLowerCase(Locale.ROOT);
      return EXTENSIONS.stream().anyMatch(lower::endsWith);
    }
  }

  /**
   * A Helm template's text with each line that is one template action blanked and each action within a
   * line replaced by a word, line for line, so that the lines of what it holds stay where they were.
   */
  static String withoutTemplateActions(String text) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      lines[i] = ACTION_LINE.matcher(lines[i]).matches() ? "" : ACTION.matcher(lines[i]).replaceAll("templated");
    }
    return String.join("\n", lines);
  }

}
