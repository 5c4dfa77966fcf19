package dev.condlint.cli.input;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Where the git work tree that holds a directory starts. */
public final class GitWorkTree {
  private GitWorkTree() {}

  /**
   * The nearest directory, from {@code directory} up, with a {@code .git} entry: a directory in a clone, a
   * file in a linked worktree or a submodule; empty outside any work tree.
   */
  public static Optional<Path> top(Path directory) {
    for (Path dir = directory.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git"))) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }
}
