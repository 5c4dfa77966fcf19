package dev.condlint.cli.input;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One input to lint: a file (by the name the user sees and the path it is read from), standard
 * input ({@code path} empty), or a path that failed before it could be read ({@code failure}).
 * A {@code stream} (standard input, a FIFO, a device, a shell's process substitution) can be read
 * only once.
 */
public record Input(String name, Optional<Path> path, Optional<InputError> failure, boolean stream) {
  public static final String STDIN_NAME = "<stdin>";

  public static Input file(String name, Path path) {
    return new Input(name, Optional.of(path), Optional.empty(), false);
  }

  /** A path that is not a regular file: its bytes are read once, as they come. */
  public static Input stream(String name, Path path) {
    return new Input(name, Optional.of(path), Optional.empty(), true);
  }

  public static Input stdin() {
    return new Input(STDIN_NAME, Optional.empty(), Optional.empty(), true);
  }

  public static Input failed(InputError error) {
    return new Input(error.file(), Optional.empty(), Optional.of(error), false);
  }
}
