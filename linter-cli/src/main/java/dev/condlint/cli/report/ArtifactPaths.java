package dev.condlint.cli.report;

import dev.condlint.cli.input.GitWorkTree;
import dev.condlint.cli.input.Input;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the SARIF and GitHub formats say a file is: relative to a root directory, by default the
 * repository's, because GitHub code scanning and annotations place a file by its path in the
 * repository, whatever way it was typed ({@code ./x}, {@code a/../x}, an absolute path).
 */
public final class ArtifactPaths {
  private final Path workingDirectory;
  private final Path root;

  public ArtifactPaths(Path workingDirectory, Path root) {
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.root = this.workingDirectory.resolve(root).normalize();
  }

  /** The git work tree that holds the directory (the nearest with a {@code .git} entry), else the directory itself. */
  public static Path defaultRoot(Path workingDirectory) {
    Path start = workingDirectory.toAbsolutePath().normalize();
    return GitWorkTree.top(start).orElse(start);
  }

  public Path root() {
    return root;
  }

  /**
   * A file's path below the root, with {@code /} separators; empty for a file outside the root and
   * for standard input, which has no path.
   */
  public Optional<String> relative(String file) {
    return absolute(file).filter(p -> p.startsWith(root) && !p.equals(root))
        .map(p -> root.relativize(p).toString().replace('\\', '/'));
  }

  /** A file's absolute, normalised path; empty for standard input. */
  public Optional<Path> absolute(String file) {
    return file.equals(Input.STDIN_NAME)
        ? Optional.empty()
        : Optional.of(workingDirectory.resolve(file).normalize());
  }

  /** The name an annotation gives a file: below the root if it is there, else absolute (or {@code <stdin>}). */
  public String display(String file) {
    return relative(file).orElseGet(() -> absolute(file).map(Path::toString).orElse(file));
  }
}
