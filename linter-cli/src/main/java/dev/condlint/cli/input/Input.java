package dev.condlint.cli.input;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One input to lint: a file (by the name the user sees and the path it is read from), standard
 * input ({@code path} empty), or a path that failed before it could be read ({@code failure}).
 * A {@code stream} (standard input, a FIFO, a device, a shell's process substitution) can be read
 * only once. A file {@code found} by a directory walk, not named by the user, may turn out to be no
 * Kubernetes manifest (a Helm template, JSON with comments), which is skipped rather than an error. A
 * {@code rendered} input is text a tool produced (a chart rendered by {@code helm template}).
 */
public record Input(
    String name, Optional<Path> path, Optional<InputError> failure, boolean stream, boolean found,
    Optional<String> rendered) {
  public static final String STDIN_NAME = "<stdin>";

  public static Input file(String name, Path path) {
    return new Input(name, Optional.of(path), Optional.empty(), false, false, Optional.empty());
  }

  /** A file a directory walk found. */
  public static Input found(String name, Path path) {
    return new Input(name, Optional.of(path), Optional.empty(), false, true, Optional.empty());
  }

  /** A path that is not a regular file: its bytes are read once, as they come. */
  public static Input stream(String name, Path path) {
    return new Input(name, Optional.of(path), Optional.empty(), true, false, Optional.empty());
  }

  public static Input stdin() {
    return new Input(STDIN_NAME, Optional.empty(), Optional.empty(), true, false, Optional.empty());
  }

  public static Input failed(InputError error) {
    return new Input(error.file(), Optional.empty(), Optional.of(error), false, false, Optional.empty());
  }

  /** Text a tool rendered, shown as {@code name}. */
  public static Input rendered(String name, String text) {
    return new Input(name, Optional.empty(), Optional.empty(), false, false, Optional.of(text));
  }
}
