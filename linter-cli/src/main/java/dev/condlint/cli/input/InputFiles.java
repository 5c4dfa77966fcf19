package dev.condlint.cli.input;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Expands the paths given on the command line into inputs: files as they are, directories
 * recursively (their {@code .yaml}, {@code .yml} and {@code .json} files, skipping hidden
 * directories, following symbolic links, sorted for stable output), {@code -} as standard input,
 * other paths that are not regular files (FIFOs, devices) as streams, minus what the exclude globs
 * match. A walk leaves out a Helm chart's templates (the {@code templates/} folder beside a
 * {@code Chart.yaml}), which are Go templates, not manifests, and counts them in {@link #skipped()};
 * with {@link #renderingCharts} it renders each chart it finds with {@code helm template} instead and
 * lints what the templates render to.
 */
public final class InputFiles {
  private static final Set<String> EXTENSIONS = Set.of(".yaml", ".yml", ".json");

  private final Path workingDirectory;
  private final Path excludeBase;
  private final List<PathMatcher> excludes;
  private int assertionsLeftOut;
  private final SkippedFiles skipped = new SkippedFiles();
  private Optional<HelmTemplate> helm = Optional.empty();

  /**
   * @param workingDirectory what relative paths on the command line are resolved against
   * @param excludeBase the directory exclude globs are relative to (the config file's)
   * @param excludeGlobs globs such as {@code vendor/**} or {@code **}{@code /testdata/**}
   */
  public InputFiles(Path workingDirectory, Path excludeBase, List<String> excludeGlobs) {
    this.workingDirectory = workingDirectory;
    this.excludeBase = excludeBase.toAbsolutePath().normalize();
    // Java's "**/" needs at least one directory; users mean "in any directory, the top one included".
    this.excludes =
        excludeGlobs.stream()
            .flatMap(g -> g.startsWith("**/") ? Stream.of(g, g.substring(3)) : Stream.of(g))
            .map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g))
            .toList();
  }

  /** Renders the charts the walks find with this {@code helm}, instead of skipping their templates. */
  public InputFiles renderingCharts(HelmTemplate helm) {
    this.helm = Optional.of(helm);
    return this;
  }

  /** The files the walks skipped as no Kubernetes manifest; reading the files adds those found then. */
  public SkippedFiles skipped() {
    return skipped;
  }

  /** The paths given, or the working directory when none is: what a command checks by default. */
  public static List<String> orWorkingDirectory(List<String> paths) {
    return paths.isEmpty() ? List.of(".") : paths;
  }

  public List<Input> expand(List<String> args) {
    List<Input> inputs = new ArrayList<>();
    for (String arg : args) {
      if (arg.equals("-")) {
        inputs.add(Input.stdin());
        continue;
      }
      Path path = workingDirectory.resolve(arg);
      if (Files.isDirectory(path)) {
        walk(arg, path, inputs);
      } else if (!isExcluded(path)) {
        inputs.add(isStream(path) ? Input.stream(arg, path) : Input.file(arg, path));
      }
    }
    return inputs;
  }

  /**
   * The note for standard error when the directory walks so far left out test assertion files: how
   * many, and that naming one makes the command {@code verb} it. Every command that walks prints it, so
   * no file goes unread unsaid.
   */
  public Optional<String> assertionsLeftOutNote(String verb) {
    return assertionsLeftOut == 0 ? Optional.empty() : Optional.of("condlint: note: left out " + assertionsLeftOut
        + (assertionsLeftOut == 1 ? " test assertion file" : " test assertion files")
        + " (kuttl, chainsaw: partial objects); name one to " + verb + " it");
  }

  /** A path that exists but is no regular file or directory: a FIFO, a device, {@code /dev/stdin}. */
  private static boolean isStream(Path path) {
    return Files.exists(path) && !Files.isRegularFile(path);
  }

  private void walk(String arg, Path root, List<Input> out) {
    // Each input by the path it is sorted by: a file's own, a rendered template's in its chart.
    List<Map.Entry<String, Input>> found = new ArrayList<>();
    try {
      // Symbolic links are followed, as kubectl does; a link back up the tree is a loop the walk skips.
      Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
          boolean hidden = !dir.equals(root) && dir.getFileName().toString().startsWith(".");
          if (hidden || isExcluded(dir)) {
            return FileVisitResult.SKIP_SUBTREE;
          }
          Path parent = dir.getParent();
          boolean inChart = !dir.equals(root) && parent != null && HelmTemplate.isChart(parent);
          if (inChart && helm.isPresent() && dir.getFileName().toString().equals("charts")) {
            // A rendered chart's subcharts are rendered with it.
            return FileVisitResult.SKIP_SUBTREE;
          }
          if (inChart && dir.getFileName().toString().equals("templates")) {
            if (helm.isEmpty()) {
              skipped.add(NotManifest.HELM_TEMPLATE, countLintable(dir));
            }
            return FileVisitResult.SKIP_SUBTREE;
          }
          if (helm.isPresent() && HelmTemplate.isChart(dir)) {
            render(arg, root, dir, found);
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
          if (!hasLintableExtension(file) || isExcluded(file)) {
            return FileVisitResult.CONTINUE;
          }
          if (TestAssertions.isAssertionFile(file)) {
            assertionsLeftOut++;
            return FileVisitResult.CONTINUE;
          }
          if (attrs.isRegularFile()) {
            found.add(Map.entry(root.relativize(file).toString(), Input.found(display(arg, root, file), file)));
          } else if (attrs.isSymbolicLink()) {
            // The walk gives a link's own attributes only when its target cannot be reached.
            out.add(Input.failed(InputError.of(display(arg, root, file), "broken symbolic link to " + target(file))));
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) {
          if (e instanceof FileSystemLoopException) {
            // Every file under the loop's target is found on the way to the link already.
            return FileVisitResult.CONTINUE;
          }
          out.add(Input.failed(InputError.of(display(arg, root, file), "cannot be read: " + reason(e))));
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      out.add(Input.failed(InputError.of(arg, "cannot be read: " + reason(e))));
    }
    found.sort(Map.Entry.comparingByKey());
    found.forEach(e -> out.add(e.getValue()));
  }

  /**
   * Renders a chart: each template's text is an input named by the template's path and
   * {@code (rendered)}; a chart helm cannot render is an input error on its {@code Chart.yaml}.
   */
  private void render(String arg, Path root, Path chart, List<Map.Entry<String, Input>> found) {
    String relative = root.relativize(chart).toString().replace('\\', '/');
    String prefix = relative.isEmpty() ? "" : relative + "/";
    String shown = relative.isEmpty() && (arg.equals(".") || arg.equals("./")) ? ""
        : display(arg, root, chart).replaceAll("/+$", "") + "/";
    HelmTemplate.Rendered rendered = helm.orElseThrow().render(chart);
    if (rendered.failure().isPresent()) {
      found.add(Map.entry(prefix + HelmTemplate.CHART_FILE,
          Input.failed(InputError.of(shown + HelmTemplate.CHART_FILE, rendered.failure().get()))));
      return;
    }
    rendered.templates().forEach((template, text) ->
        found.add(Map.entry(prefix + template, Input.rendered(shown + template + " (rendered)", text))));
  }

  /** How many files with a lintable extension a folder holds, at any depth. */
  private static int countLintable(Path dir) {
    try (Stream<Path> files = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
      return (int) files.filter(f -> Files.isRegularFile(f) && hasLintableExtension(f)).count();
    } catch (IOException | java.io.UncheckedIOException e) {
      return 0;
    }
  }

  private static String display(String arg, Path root, Path file) {
    String relative = root.relativize(file).toString().replace('\\', '/');
    if (relative.isEmpty()) {
      return arg;
    }
    if (arg.equals(".") || arg.equals("./")) {
      return relative;
    }
    return arg.endsWith("/") ? arg + relative : arg + "/" + relative;
  }

  private static String target(Path link) {
    try {
      return Files.readSymbolicLink(link).toString().replace('\\', '/');
    } catch (IOException e) {
      return "a path that cannot be read";
    }
  }

  private static boolean hasLintableExtension(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return EXTENSIONS.stream().anyMatch(name::endsWith);
  }

  /** Whether a glob matches the path, or one of its directories, relative to the exclude base. */
  private boolean isExcluded(Path path) {
    if (excludes.isEmpty()) {
      return false;
    }
    Path absolute = path.toAbsolutePath().normalize();
    if (!absolute.startsWith(excludeBase)) {
      return false;
    }
    for (Path p = excludeBase.relativize(absolute); p != null; p = p.getParent()) {
      Path candidate = p;
      if (excludes.stream().anyMatch(m -> m.matches(candidate))) {
        return true;
      }
    }
    return false;
  }

  private static String reason(IOException e) {
    return e instanceof java.nio.file.AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
  }
}
