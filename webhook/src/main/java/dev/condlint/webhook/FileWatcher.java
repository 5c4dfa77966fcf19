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
 * half-written pair (new certificate, old key) is tried again once the other file changes too. Contents
 * that failed are not tried again until they change: applying them would fail the same way, and each
 * try would log and count another failure at every poll for as long as the files stay broken.
 */
final class FileWatcher {
  private final List<Path> files;
  private byte[] applied = new byte[0];
  private byte[] failed = new byte[0];

  FileWatcher(List<Path> files) {
    this.files = List.copyOf(files);
  }

  /**
   * Applies the files' contents if they changed since the last successful application and are not the
   * contents that failed last; what {@code apply} throws goes to the caller.
   */
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
    if (Arrays.equals(digest, applied) || Arrays.equals(digest, failed)) {
      return Optional.empty();
    }
    failed = digest;
    T result = apply.apply(contents);
    applied = digest;
    failed = new byte[0];
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
