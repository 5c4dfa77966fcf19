package dev.condlint.webhook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Notices when files change by their contents, not their timestamps: Kubernetes updates a mounted
 * Secret or ConfigMap by swapping the {@code ..data} symlink, which leaves the paths and often the
 * times as they were. A change counts as seen only once it was applied successfully, so a
 * half-written pair (new certificate, old key) is retried on the next poll.
 */
final class FileWatcher {
  private final List<Path> files;
  private byte[] applied = new byte[0];

  FileWatcher(List<Path> files) {
    this.files = List.copyOf(files);
  }

  /** Applies the files' contents if they changed since the last successful application. */
  synchronized <T> Optional<T> poll(Function<List<String>, T> apply) throws IOException {
    List<String> contents = new ArrayList<>();
    for (Path file : files) {
      try {
        contents.add(Files.readString(file, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new IOException("cannot read " + file + " (" + e.getClass().getSimpleName() + ")", e);
      }
    }
    byte[] digest = digest(contents);
    if (Arrays.equals(digest, applied)) {
      return Optional.empty();
    }
    T result = apply.apply(contents);
    applied = digest;
    return Optional.of(result);
  }

  private static byte[] digest(List<String> contents) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String c : contents) {
        sha.update(c.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return sha.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
