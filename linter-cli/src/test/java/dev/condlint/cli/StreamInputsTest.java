package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.cli.input.SourceText;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that are not regular files (a FIFO, {@code /dev/stdin} on a pipe, a shell's process
 * substitution) can be read only once, as a stream: they are linted like a file of the same bytes.
 * A FIFO read twice would block on its second open, so every test has a time limit.
 */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StreamInputsTest {
  private static final String DUPLICATE_NAME_FINDING =
      ",line=4,col=9,title=duplicate-key::Key 'name' is written twice in this mapping (first at line 3); only this"
          + " later value is kept.%0AHint: Remove one of the two 'name' entries.\n";

  @TempDir Path dir;

  @Test
  void aFifoIsReadOnceAndLinted() throws Exception {
    Path fifo = fifo("pipe.yaml");
    Thread writer = writeInBackground(fifo, CliRun.DUPLICATE_NAME.getBytes(StandardCharsets.UTF_8));

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "github", "pipe.yaml");
    writer.join();

    assertEquals("", r.err());
    assertEquals("::error file=pipe.yaml" + DUPLICATE_NAME_FINDING, r.out());
    assertEquals(1, r.exit());
  }

  @Test
  void aFifoBeyondTheSizeBoundIsRefusedLikeAFile() throws Exception {
    Path fifo = fifo("big.yaml");
    Thread writer = writeInBackground(fifo, new byte[SourceText.MAX_BYTES + 1]);

    CliRun.Result r = CliRun.in(dir).run("lint", "big.yaml");
    writer.join();

    assertEquals(
        "big.yaml: error: file is larger than 128 MiB; not read\n"
            + "Checked 1 file (0 objects): 0 errors, 0 warnings, 0 infos. 1 input error.\n",
        r.out());
    assertEquals(2, r.exit());
  }

  @Test
  void devStdinOnAPipeIsLinted() throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
            Main.class.getName(), "lint", "--format", "github", "/dev/stdin")
        .directory(dir.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(CliRun.DUPLICATE_NAME.getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertEquals(true, p.waitFor(25, TimeUnit.SECONDS));
    assertEquals("::error file=/dev/stdin" + DUPLICATE_NAME_FINDING, out);
    assertEquals(1, p.exitValue());
  }

  private Path fifo(String name) throws IOException, InterruptedException {
    Path fifo = dir.resolve(name);
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertEquals(0, mkfifo.waitFor());
    return fifo;
  }

  /** Writes the bytes into the FIFO once, as a producer on the other end of a pipe would. */
  private static Thread writeInBackground(Path fifo, byte[] bytes) {
    Thread writer = new Thread(() -> {
      try (OutputStream out = Files.newOutputStream(fifo)) {
        out.write(bytes);
      } catch (IOException e) {
        // The reader may close its end before everything is written (it stops at the size bound).
      }
    });
    writer.setDaemon(true);
    writer.start();
    return writer;
  }
}
