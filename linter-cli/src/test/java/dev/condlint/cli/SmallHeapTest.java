package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * condlint in a JVM with a small heap, as a CI container gives it, over a generated large input
 * (issue 17, item 2): a List is checked an item at a time, so a heap a fraction of the file's parsed
 * size is enough; a file that does not fit at all is an input error of its own, one line, exit 2.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SmallHeapTest {
  private static final int ITEMS = 40_000;

  @TempDir Path dir;

  /**
   * A {@code kind: List} as kubectl prints it (kind after items) of about 18 MB, with a finding in
   * every hundredth item: findings are kept for the report, objects are not.
   */
  private Path largeList() throws IOException {
    Path list = dir.resolve("list.yaml");
    try (BufferedWriter w = Files.newBufferedWriter(list, StandardCharsets.UTF_8)) {
      w.write("apiVersion: v1\nitems:\n");
      for (int i = 0; i < ITEMS; i++) {
        w.write("- apiVersion: example.com/v1\n  kind: Widget\n  metadata:\n    name: widget-" + i + "\n"
            + (i % 100 == 0 ? "    name: widget-" + i + "-again\n" : "    uid: 7d5c2a1e-" + i + "\n")
            + "    namespace: team-" + (i % 40) + "\n    labels:\n"
            + "      app.kubernetes.io/name: widget-" + i + "\n      app.kubernetes.io/part-of: large-list\n"
            + "  spec:\n    description: \"" + "a widget among many, described at some length ".repeat(3) + "\"\n"
            + "    ports: [{name: http, port: 8080}, {name: metrics, port: 9090}]\n");
      }
      w.write("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
    }
    return list;
  }

  @Test
  void aListIsCheckedItemByItemInAHeapTooSmallForItsTree() throws Exception {
    Path list = largeList();

    // The same 18 MB as one tree (kind other than List) needs more than 160 MB; item by item it needed about
    // 61 MB on 2026-11-27 (the jar, serial GC), and more from the test classpath: 96 MB leaves room for both.
    Child r = condlint("-Xmx96m", "lint", "--summary", list.getFileName().toString());

    assertEquals(
        "Findings by rule:\n"
            + "  duplicate-key  400 errors\n"
            + "Checked 1 file (40000 objects): 400 errors, 0 warnings, 0 infos.\n",
        r.out());
    assertEquals("", r.err());
    assertEquals(1, r.exit());
  }

  @Test
  void aFileLargerThanTheHeapIsOneInputErrorAndTheOtherFilesAreStillLinted() throws Exception {
    largeList();
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    Child r = condlint("-Xmx12m", "lint", "-q", "list.yaml", "w.yaml");

    assertEquals(
        "list.yaml: error: out of memory: this file needs a larger JVM heap than this one; give it one with"
            + " CONDLINT_JAVA_OPTS=-Xmx2g (or more)\n"
            + "w.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only"
            + " this later value is kept.\n"
            + "    hint: Remove one of the two 'name' entries.\n",
        r.out());
    assertEquals("", r.err());
    assertEquals(2, r.exit());
  }

  private record Child(int exit, String out, String err) {}

  /** Runs {@code Main} in a JVM of its own with this heap, in the test's directory, with the serial GC as the launcher. */
  private Child condlint(String heap, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap, "-XX:+UseSerialGC",
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve("out.txt").toFile())
        .redirectError(dir.resolve("err.txt").toFile())
        .start();
    int exit = p.waitFor();
    return new Child(exit, Files.readString(dir.resolve("out.txt")), Files.readString(dir.resolve("err.txt")));
  }
}
