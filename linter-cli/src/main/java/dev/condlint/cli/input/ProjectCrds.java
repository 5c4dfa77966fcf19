package dev.condlint.cli.input;

import dev.condlint.model.Document;
import dev.condlint.model.Position;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CRDs of a project, found by a walk of its files (CRD discovery): the YAML and JSON files below
 * its root, skipping {@code .git}, {@code node_modules}, {@code vendor}, {@code target}, {@code build},
 * {@code dist}, hidden directories and symbolic links to directories, and the vendored chart archives
 * ({@code charts/*.tgz}, {@link HelmArchive}). Only the files whose text mentions
 * {@code CustomResourceDefinition} and names a kind looked for (its group and its kind, {@link Wanted})
 * are parsed ({@link Project}). The walk visits each directory's entries sorted
 * by name and stops at a count of files and of bytes ({@link Limits}, never a time), so what it finds
 * does not depend on the file system's order or the machine's speed. A file that cannot be read or
 * parsed is no input of the user's: it is skipped and named in {@link Walk#skipped}. A Helm template
 * that holds a CRD ({@code templates/crds.yaml}, wrapped in {@code {{- if .Values.installCRDs }}}) is
 * read without its template actions ({@link #withoutTemplateActions}), since a CRD's schema is rarely
 * templated (a group or kind that is templated is not found).
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
   * bytes it read, how many files (and archive entries) it parsed, the files it skipped (shown name and
   * why), and, when it stopped at a limit, which.
   */
  public record Walk(Path root, List<CrdVersion> crds, int files, long bytes, int parsed, List<String> skipped,
      Optional<String> stoppedAt) {
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
   * Walks {@code root} for every CRD it holds (no kind in particular); each CRD's versions are compacted
   * by {@code catalog} with their origin ({@code discovered in NAME:LINE}), NAME as {@code display}
   * shows the file.
   */
  public static Walk walk(Path root, Limits limits, CrdCatalog.Builder catalog, Function<Path, String> display) {
    return new Project(root, limits, catalog, display).find(List.of());
  }

  /**
   * A kind looked for, as an object names it (its version, if it names one): a CRD that defines it names
   * both its group ({@code spec.group}) and its kind ({@code spec.names.kind}) in its text.
   */
  public record Wanted(String group, Optional<String> version, String kind) {
    /** Whether a text may define this kind: it names the group and the kind (a cheap check, no parse). */
    public boolean namedIn(String text) {
      return text.contains(group) && text.contains(kind);
    }

    /**
     * Whether this CRD version is the one an object of this kind and version is checked against: once a
     * walk has found it, a later CRD of the same apiVersion and kind would lose to it (the first wins), so
     * the files after it need no parse for this kind. A kind named without a version is never done with.
     */
    boolean isDefinedBy(CrdVersion crd) {
      return version.isPresent() && crd.kind().equals(kind) && crd.apiVersion().equals(group + "/" + version.get());
    }
  }

  /**
   * The CRDs of one project root, looked for kind by kind: the first look walks the tree once (within
   * its {@link Limits}) and remembers the files that mention {@code CustomResourceDefinition} and the
   * vendored chart archives ({@code charts/*.tgz}); each look parses, among those, only the files (and
   * archive entries) not parsed before whose text names a kind looked for, and none after the first file
   * that defines the kind's apiVersion (that CRD wins over later ones anyway), so a one-file lint parses
   * the one CRD it needs rather than every CRD of a repository. What it found is kept in walk order
   * whatever order the kinds were asked in, so the first CRD of a name in walk order wins. Safe for
   * several threads (one look at a time).
   */
  public static final class Project {
    private final Path root;
    private final Limits limits;
    private final CrdCatalog.Builder catalog;
    private final Function<Path, String> display;
    /** The patches the project's kustomizations apply to its CRDs: objects are judged by the CRDs as installed. */
    private final KustomizedCrds kustomized = new KustomizedCrds();
    /** The files worth a look, in walk order; null until the walk. */
    private List<Candidate> candidates;
    private final Set<String> looked = new HashSet<>();
    private final SortedMap<Long, List<CrdVersion>> found = new TreeMap<>();
    private final Set<String> skipped = new LinkedHashSet<>();
    private int files;
    private long bytes;
    private Optional<String> stoppedAt = Optional.empty();

    public Project(Path root, Limits limits, CrdCatalog.Builder catalog, Function<Path, String> display) {
      this.root = root;
      this.limits = limits;
      this.catalog = catalog;
      this.display = display;
    }

    /**
     * What the project holds for these kinds (none: every CRD it holds), with what earlier looks found.
     * A file is parsed for a kind only where no file before it in walk order defined the kind's version.
     */
    public synchronized Walk find(Collection<Wanted> wanted) {
      Look look = new Look(List.copyOf(wanted));
      if (candidates == null) {
        candidates = new ArrayList<>();
        new Walker(look).directory(root);
      } else {
        for (int i = 0; i < candidates.size() && !look.done((long) i << ENTRY_BITS); i++) {
          candidates.get(i).look(i, look);
        }
      }
      List<CrdVersion> crds = new ArrayList<>();
      found.values().forEach(crds::addAll);
      return new Walk(root, crds, files, bytes, looked.size(), new ArrayList<>(skipped), stoppedAt);
    }

    /** Which files one look parses: those that name a kind looked for not yet defined before them (every CRD where none is). */
    private final class Look {
      private final List<Wanted> wanted;

      Look(List<Wanted> wanted) {
        this.wanted = wanted;
      }

      /** Whether a text at this place in walk order is worth parsing. */
      boolean worthParsing(String text, long order) {
        return wanted.isEmpty() || wanted.stream().anyMatch(w -> w.namedIn(text) && !definedBefore(w, order));
      }

      /** Whether every kind looked for is defined before this place in walk order. */
      boolean done(long order) {
        return !wanted.isEmpty() && wanted.stream().allMatch(w -> definedBefore(w, order));
      }

      private boolean definedBefore(Wanted w, long order) {
        return found.headMap(order).values().stream().flatMap(List::stream).anyMatch(w::isDefinedBy);
      }
    }

    /** A file or archive the walk found worth a look, at its index in walk order. */
    private interface Candidate {
      void look(int index, Look look);
    }

    /** A YAML or JSON file that mentions {@code CustomResourceDefinition}. */
    private record ManifestFile(Project project, Path path, String shown) implements Candidate {
      @Override
      public void look(int index, Look look) {
        if (project.looked.contains(shown)) {
          return;
        }
        try {
          project.text((long) index << ENTRY_BITS, shown, Optional.of(path), SourceText.bytes(path, shown), look);
        } catch (InputException | OutOfMemoryError e) {
          project.skip(shown, "cannot be read");
        }
      }
    }

    /** A vendored chart archive ({@code charts/x-1.2.3.tgz}): the CRDs of its charts' crds and templates folders. */
    private record ChartArchive(Project project, Path path, String shown) implements Candidate {
      @Override
      public void look(int index, Look look) {
        HelmArchive.read(path, project.limits.fileBytes(), (entry, entryIndex, content) -> {
          String name = shown + "!" + entry;
          if (entryIndex >= 1 << ENTRY_BITS) {
            return;
          }
          if (content.isEmpty()) {
            project.skip(name, "larger than " + size(project.limits.fileBytes()));
          } else if (!project.looked.contains(name)) {
            project.text(((long) index << ENTRY_BITS) + entryIndex, name, Optional.empty(), content.get(), look);
          }
        }).ifPresent(problem -> project.skip(shown, problem));
      }
    }

    /** How many entries of one archive a walk reads at most: the bits of a found CRD's order they take. */
    private static final int ENTRY_BITS = 16;

    private void skip(String shown, String why) {
      skipped.add(shown + " (" + why + ")");
    }

    /**
     * Parses a file's bytes if they mention a CRD and name a kind looked for; keeps its CRDs at
     * {@code order}. The check reads the bytes as Latin-1, which finds an ASCII word in UTF-8 text as it
     * is, so that a file not worth parsing is not decoded either (most of a repository's CRD bytes).
     */
    private void text(long order, String shown, Optional<Path> file, byte[] content, Look look) {
      text(order, shown, file, content, latin1(content), look);
    }

    /** As {@link #text(long, String, Optional, byte[], Look)}, with the bytes' Latin-1 view made (null: they have a byte order mark). */
    private void text(long order, String shown, Optional<Path> file, byte[] content, String latin1, Look look) {
      boolean plain = latin1 != null;
      if (plain && (!latin1.contains(CRD_KIND) || !look.worthParsing(latin1, order))) {
        return;
      }
      String text;
      try {
        text = SourceText.decode(shown, content);
      } catch (InputException | OutOfMemoryError e) {
        looked.add(shown);
        skip(shown, "cannot be read");
        return;
      }
      if (!plain && (!text.contains(CRD_KIND) || !look.worthParsing(text, order))) {
        return;
      }
      looked.add(shown);
      List<Document> documents = new ArrayList<>();
      Optional<String> problem = parse(shown, text, documents);
      if (problem.isPresent() && text.contains("{{")) {
        documents.clear();
        String first = problem.get();
        problem = parse(shown, withoutTemplateActions(text), documents).map(p -> first);
      }
      if (problem.isPresent()) {
        skip(shown, "cannot be parsed: " + problem.get());
        return;
      }
      List<CrdVersion> crds = new ArrayList<>();
      for (Document d : documents) {
        int line = d.source().position("").map(Position::line).orElse(1);
        crds.addAll(catalog.compact(kustomized.installed(file, d.object()), "discovered in " + shown + ":" + line));
      }
      if (!crds.isEmpty()) {
        found.put(order, crds);
      }
    }

    /** The bytes read as Latin-1 (an ASCII word in UTF-8 text is found as it is), or null where a byte order mark says they are UTF-16 or UTF-32. */
    private static String latin1(byte[] content) {
      return SourceText.hasByteOrderMark(content) ? null : new String(content, StandardCharsets.ISO_8859_1);
    }

    /** The one walk of the tree: counts and bounds what it reads, and looks at each candidate as it finds it. */
    private final class Walker {
      private final Look look;

      Walker(Look look) {
        this.look = look;
      }

      void directory(Path dir) {
        List<Path> entries;
        try (Stream<Path> listed = Files.list(dir)) {
          entries = listed.sorted(BY_NAME).toList();
        } catch (IOException | RuntimeException e) {
          skip(display.apply(dir), "cannot list the directory");
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
          } else if ((isManifestName(name) || isChartArchive(entry)) && (attributes.isRegularFile()
              || attributes.isSymbolicLink() && Files.isRegularFile(entry))) {
            file(entry, isChartArchive(entry));
          }
        }
      }

      private void file(Path path, boolean archive) {
        String shown = display.apply(path);
        long size;
        try {
          size = Files.size(path);
        } catch (IOException e) {
          skip(shown, "cannot be read");
          return;
        }
        if (files + 1 > limits.files()) {
          stoppedAt = Optional.of("after " + limits.files() + " files");
          return;
        }
        files++;
        if (size > limits.fileBytes()) {
          skip(shown, "larger than " + size(limits.fileBytes()));
          return;
        }
        if (bytes + size > limits.bytes()) {
          stoppedAt = Optional.of("after " + size(limits.bytes()));
          return;
        }
        bytes += size;
        if (archive) {
          Candidate chart = new ChartArchive(Project.this, path, shown);
          candidates.add(chart);
          chart.look(candidates.size() - 1, look);
          return;
        }
        byte[] content;
        try {
          content = SourceText.bytes(path, shown);
        } catch (InputException | OutOfMemoryError e) {
          skip(shown, "cannot be read");
          return;
        }
        String latin1 = latin1(content);
        if (latin1 == null || latin1.contains(CRD_KIND)) {
          candidates.add(new ManifestFile(Project.this, path, shown));
          text((long) (candidates.size() - 1) << ENTRY_BITS, shown, Optional.of(path), content, latin1, look);
        }
      }
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
  static String size(long bytes) {
    return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
  }

  private static boolean isManifestName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return EXTENSIONS.stream().anyMatch(lower::endsWith);
  }

  /** A Helm chart's vendored dependency: {@code charts/NAME-VERSION.tgz}, as {@code helm dependency build} leaves it. */
  private static boolean isChartArchive(Path path) {
    Path parent = path.getParent();
    return path.getFileName().toString().endsWith(".tgz") && parent != null && parent.getFileName() != null
        && parent.getFileName().toString().equals("charts");
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
