package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a poll applies: changed contents once; contents that failed not again until they change. */
class FileWatcherTest {
  private final List<List<String>> tried = new ArrayList<>();

  /** Records what it was given; fails on contents that start with "broken". */
  private final Function<List<String>, String> apply = contents -> {
    tried.add(contents);
    if (contents.get(0).startsWith("broken")) {
      throw new IllegalArgumentException("cannot apply " + contents);
    }
    return String.join("+", contents);
  };

  @Test
  void changedContentsAreAppliedOnce(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("config");
    Files.writeString(file, "a");
    FileWatcher watcher = new FileWatcher(List.of(file));
    assertEquals(Optional.of("a"), watcher.poll(apply));
    assertEquals(Optional.empty(), watcher.poll(apply));
    Files.writeString(file, "b");
    assertEquals(Optional.of("b"), watcher.poll(apply));
    assertEquals(Optional.empty(), watcher.poll(apply));
    assertEquals(List.of(List.of("a"), List.of("b")), tried);
  }

  @Test
  void contentsThatFailedAreNotTriedAgainUntilTheyChange(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("config");
    Files.writeString(file, "a");
    FileWatcher watcher = new FileWatcher(List.of(file));
    watcher.poll(apply);
    Files.writeString(file, "broken 1");
    IllegalArgumentException failed = assertThrows(IllegalArgumentException.class, () -> watcher.poll(apply));
    assertEquals("cannot apply [broken 1]", failed.getMessage());
    // The same broken contents: nothing to apply, no second failure.
    assertEquals(Optional.empty(), watcher.poll(apply));
    assertEquals(Optional.empty(), watcher.poll(apply));
    Files.writeString(file, "broken 2");
    assertThrows(IllegalArgumentException.class, () -> watcher.poll(apply));
    Files.writeString(file, "c");
    assertEquals(Optional.of("c"), watcher.poll(apply));
    // Broken contents seen before are tried again once something else was applied in between.
    Files.writeString(file, "broken 1");
    assertThrows(IllegalArgumentException.class, () -> watcher.poll(apply));
    Files.writeString(file, "a");
    assertEquals(Optional.of("a"), watcher.poll(apply));
    assertEquals(List.of(List.of("a"), List.of("broken 1"), List.of("broken 2"), List.of("c"), List.of("broken 1"),
        List.of("a")), tried);
  }

  @Test
  void aHalfWrittenPairIsTriedAgainWhenTheOtherFileChanges(@TempDir Path dir) throws Exception {
    Path cert = dir.resolve("tls.crt");
    Path key = dir.resolve("tls.key");
    Files.writeString(cert, "cert 1");
    Files.writeString(key, "key 1");
    FileWatcher watcher = new FileWatcher(List.of(cert, key));
    Function<List<String>, String> pair = contents -> {
      tried.add(contents);
      if (!contents.get(0).substring(5).equals(contents.get(1).substring(4))) {
        throw new IllegalArgumentException("the key does not match the certificate");
      }
      return contents.get(0);
    };
    assertEquals(Optional.of("cert 1"), watcher.poll(pair));
    Files.writeString(cert, "cert 2");
    assertThrows(IllegalArgumentException.class, () -> watcher.poll(pair));
    assertEquals(Optional.empty(), watcher.poll(pair));
    Files.writeString(key, "key 2");
    assertEquals(Optional.of("cert 2"), watcher.poll(pair));
    assertEquals(List.of(List.of("cert 1", "key 1"), List.of("cert 2", "key 1"), List.of("cert 2", "key 2")), tried);
  }
}
