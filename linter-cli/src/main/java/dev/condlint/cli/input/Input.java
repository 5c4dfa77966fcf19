package dev.condlint.cli.input;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One input to lint: a file (by the name the user sees and the path it is read from), standard
 * input ({@code path} empty), or a path that failed before it could be read ({@code failure}).
 */
public record Input(String name, Optional<Path> path, Optional<InputError> failure) {
  public static final String STDIN_NAME = "<stdin>";

  public static Input file(String name, Path path) {
    return new Input(name, Optional.of(path), Optional.empty());
  }

  public static Input stdin() {
    return new Input(STDIN_NAME, Optional.empty(), Optional.empty());
  }

  public static Input failed(InputError error) {
    return new Input(error.file(), Optional.empty(), Optional.of(error));
  }
}
