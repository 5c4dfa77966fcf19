package dev.condlint.cli.input;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The schemas fetched from HTTPS schema locations, kept on disk so that a later run needs no network:
 * one file per URL, named by a hash of it ({@code .json} for a body, {@code .missing} where the server
 * said there is none). Entries do not expire: delete the directory to fetch anew. Safe for several runs
 * at once (each entry is written to a temporary file and moved into place).
 */
final class SchemaCache {
  private final Path directory;

  SchemaCache(Path directory) {
    this.directory = directory;
  }

  /** {@code ${XDG_CACHE_HOME:-$HOME/.cache}/condlint/schemas}, as the XDG base directory specification has it. */
  static Path defaultDirectory(Map<String, String> variables) {
    String xdg = variables.getOrDefault("XDG_CACHE_HOME", "");
    Path base = !xdg.isEmpty() && Path.of(xdg).isAbsolute()
        ? Path.of(xdg)
        : Path.of(variables.getOrDefault("HOME", System.getProperty("user.home")), ".cache");
    return base.resolve("condlint").resolve("schemas");
  }

  Path directory() {
    return directory;
  }

  /** What a URL's entry holds: a body, or that the server has none; empty when it was never fetched. */
  Optional<Optional<byte[]>> get(String url) {
    try {
      Path body = file(url, ".json");
      if (Files.isRegularFile(body)) {
        return Optional.of(Optional.of(Files.readAllBytes(body)));
      }
      return Files.isRegularFile(file(url, ".missing")) ? Optional.of(Optional.empty()) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Keeps what the server said; a cache that cannot be written costs the next run a fetch, nothing more. */
  void put(String url, Optional<byte[]> body) {
    try {
      Files.createDirectories(directory);
      Path target = file(url, body.isPresent() ? ".json" : ".missing");
      Path temporary = Files.createTempFile(directory, ".fetch", ".tmp");
      Files.write(temporary, body.orElse(url.getBytes(StandardCharsets.UTF_8)));
      try {
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      // Not fatal: the schema was fetched; only the next run's offline use is lost.
    }
  }

  private Path file(String url, String suffix) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
      return directory.resolve(HexFormat.of().formatHex(digest, 0, 16) + suffix);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
