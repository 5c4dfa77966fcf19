package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares output with a golden file under {@code src/test/resources}; with
 * {@code -Dcondlint.updateExpected=true} rewrites the file instead (then read the diff).
 */
final class Golden {
  static final Path RESOURCES = Path.of("src", "test", "resources");

  private Golden() {}

  static boolean updating() {
    return Boolean.getBoolean("condlint.updateExpected");
  }

  static void assertMatches(String resource, String actual) {
    Path file = RESOURCES.resolve(resource);
    try {
      if (updating()) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual, StandardCharsets.UTF_8);
        return;
      }
      assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, "output differs from " + file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A test resource directory as a path, for use as a working directory. */
  static Path resource(String name) {
    return RESOURCES.resolve(name).toAbsolutePath();
  }
}
