package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file name or a quoted value can hold terminal control characters (ESC sequences that recolour
 * or retitle the terminal, C1 controls, bidirectional overrides): every text output prints them
 * escaped as {@code \\uXXXX}, so that what is shown is what is in the file.
 */
class ControlCharactersTest {
  /** {@code f<ESC>[1mile.yaml}. */
  private static final String NAME = "f\u001B[1mile.yaml";
  private static final String SHOWN = "f\\u001B[1mile.yaml";

  @TempDir Path dir;

  @BeforeEach
  void write() throws IOException {
    Files.writeString(dir.resolve(NAME), """
        apiVersion: example.com/v1
        kind: Widget
        metadata:
          name: "w\\e]0;owned\\a"
          name: "a\\u009b31m"
        """);
  }

  @Test
  void textOutputEscapesNamesAndMessages() {
    CliRun.Result r = CliRun.in(dir).run("lint", ".");

    assertEquals(SHOWN + ": profile k8s (1 object)\n"
        + SHOWN + ":5:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 4); only this"
        + " later value is kept.\n"
        + "    hint: Remove one of the two 'name' entries.\n"
        + "Checked 1 file (1 object): 1 error, 0 warnings, 0 infos.\n", r.out());
  }

  @Test
  void readErrorsAreEscapedToo() throws IOException {
    Files.writeString(dir.resolve("bad\u009b.yaml"), "kind: [\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "--quiet", "bad\u009b.yaml");

    assertEquals("bad\\u009B.yaml:2:1: error: while parsing a flow node: expected the node content, but found"
        + " '<stream end>'\n", r.out());
  }

  @Test
  void githubAnnotationsEscapeTheirFileAndMessage() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "github", "--sarif-root", ".", ".");

    assertEquals("::error file=" + SHOWN + ",line=5,col=9,title=duplicate-key::Key 'name' is written twice in this"
        + " mapping (first at line 4); only this later value is kept.%0AHint: Remove one of the two 'name' entries.\n",
        r.out());
  }

  @Test
  void statusEscapesNamesAndMessages() {
    CliRun.Result r = CliRun.in(dir).run("status", NAME);

    assertEquals(SHOWN + ":1: Widget/a\\u009B31m  Current  Resource is current\n", r.out());
  }

  @Test
  void usageErrorsEscapeWhatTheyQuote() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--enable", "x\u001B[2J", ".");

    assertEquals(2, r.exit());
    assertEquals("--enable: unknown rule 'x\\u001B[2J' (`condlint rules` lists every rule id)",
        r.err().lines().findFirst().orElseThrow());
  }
}
