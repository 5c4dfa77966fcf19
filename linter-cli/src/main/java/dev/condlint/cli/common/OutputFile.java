package dev.condlint.cli.common;

import dev.condlint.cli.input.Input;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The check that {@code --output} names no file the run reads: a report written over an input (or
 * the configuration) would destroy it. Files are compared as the file system sees them, so
 * {@code ./x}, {@code a/../x} and a symbolic link to {@code x} are all {@code x}.
 */
public final class OutputFile {
  private OutputFile() {}

  /**
   * Why the report must not be written to {@code output}, if it must not.
   *
   * @param shown the output as the user wrote it
   */
  public static Optional<String> refusal(Path output, String shown, Optional<Path> config, List<Input> inputs) {
    if (!Files.exists(output)) {
      return Optional.empty();
    }
    if (config.filter(c -> sameFile(output, c)).isPresent()) {
      return Optional.of("--output " + shown + " is the configuration file; not overwriting it");
    }
    return inputs.stream()
        .filter(i -> i.path().filter(p -> sameFile(output, p)).isPresent())
        .findFirst()
        .map(i -> "--output " + shown + " is one of the inputs (" + i.name() + "); not overwriting it");
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      // A path that cannot be looked at is not the output, which exists.
      return false;
    }
  }
}
