package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.condlint.cli.input.SourceText;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of unreadable input is one error line with file, line and column, exit status 2, and
 * the good file beside it is still linted.
 */
class InputErrorsTest {
  private static final String GOOD_HEADER = "good.yaml: profile k8s (1 object)";
  private static final String GOOD_FINDING =
      "good.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3);"
          + " only this later value is kept.";

  @TempDir Path dir;

  @BeforeEach
  void writeGoodFile() throws IOException {
    Files.writeString(dir.resolve("good.yaml"), CliRun.DUPLICATE_NAME);
  }

  @Test
  void malformedYaml() throws IOException {
    Files.writeString(dir.resolve("bad.yaml"), "kind: Widget\nmetadata: [\n");

    assertErrorAndGoodFinding(
        "bad.yaml:3:1: error: while parsing a flow node: expected the node content, but found '<stream end>'", "bad.yaml");
  }

  @Test
  void billionLaughsStopsAtTheAliasThatExpandsItTooFar() throws IOException {
    StringBuilder bomb = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i <= 9; i++) {
      String prev = "*a" + (i - 1);
      bomb.append("a").append(i).append(": &a").append(i).append(" [")
          .append(String.join(", ", java.util.Collections.nCopies(10, prev))).append("]\n");
    }
    Files.writeString(dir.resolve("bomb.yaml"), bomb);

    CliRun.Result r = CliRun.in(dir).run("lint", "bomb.yaml", "good.yaml");

    assertEquals(2, r.exit());
    assertEquals("bomb.yaml:4:20: error: excessive aliasing: this alias expands the document to 5026 nodes, 4983 of"
        + " them through aliases, more than kubectl's YAML reader accepts", r.out().lines().findFirst().orElseThrow());
    assertEquals(GOOD_HEADER + "\n" + GOOD_FINDING, r.out().lines().skip(1).limit(2).collect(Collectors.joining("\n")));
  }

  @Test
  void documentNestedTooDeeplyIsRefusedAtTheNodeBeyondTheLimit() throws IOException {
    StringBuilder deep = new StringBuilder("kind: Widget\nspec:\n");
    for (int i = 1; i <= 250; i++) {
      deep.append("  ".repeat(i)).append("k").append(i).append(":\n");
    }
    deep.append("  ".repeat(251)).append("leaf\n");
    Files.writeString(dir.resolve("bad.yaml"), deep);

    // The root is level 0 and spec's value level 1, so the mapping under k200 (from k201, line 203) is the
    // first node deeper than 200 levels.
    assertErrorAndGoodFinding("bad.yaml:203:403: error: document is nested deeper than 200 levels", "bad.yaml");
  }

  @Test
  void binaryFile() throws IOException {
    Files.write(dir.resolve("bad.yaml"), new byte[] {'k', ':', ' ', 'v', '\n', 'x', 0, 1, 2});

    assertErrorAndGoodFinding("bad.yaml:2:2: error: binary file (NUL byte), not YAML or JSON text", "bad.yaml");
  }

  @Test
  void latin1IsNotUtf8AndTheLineOfTheBadByteIsGiven() throws IOException {
    Files.write(dir.resolve("bad.yaml"), "kind: Widget\nmessage: d\u00e9j\u00e0\n".getBytes(StandardCharsets.ISO_8859_1));

    assertErrorAndGoodFinding("bad.yaml:2:11: error: not UTF-8: invalid byte 0xE9", "bad.yaml");
  }

  @Test
  void missingFile() {
    assertErrorAndGoodFinding("missing.yaml: error: no such file or directory", "missing.yaml");
  }

  @Test
  void pathThroughAFileCannotBeRead() {
    assertErrorAndGoodFinding("good.yaml/child.yaml: error: not a directory", "good.yaml/child.yaml");
  }

  @Test
  void fileWithoutReadPermission() throws IOException {
    assumeFalse("root".equals(System.getProperty("user.name")), "root reads every file");
    Path bad = Files.writeString(dir.resolve("bad.yaml"), "kind: Widget\n");
    Files.setPosixFilePermissions(bad, PosixFilePermissions.fromString("---------"));

    assertErrorAndGoodFinding("bad.yaml: error: permission denied", "bad.yaml");
  }

  @Test
  void fileOverTheSizeBoundIsNotRead() throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(dir.resolve("big.yaml").toFile(), "rw")) {
      f.setLength(SourceText.MAX_BYTES + 1L);
    }

    assertErrorAndGoodFinding("big.yaml: error: file is larger than 128 MiB; not read", "big.yaml");
  }

  @Test
  void documentsBeforeASyntaxErrorAreStillLinted() throws IOException {
    Files.writeString(dir.resolve("bad.yaml"), "kind: Widget\nmetadata:\n  name: a\n  name: b\napiVersion: v1\n---\nkind: [\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "bad.yaml");

    assertEquals(2, r.exit());
    assertEquals(
        """
        bad.yaml: profile k8s (1 object)
        bad.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        bad.yaml:8:1: error: while parsing a flow node: expected the node content, but found '<stream end>'
        Checked 1 file (1 object): 1 error, 0 warnings, 0 infos. 1 input error.
        """,
        r.out());
  }

  private void assertErrorAndGoodFinding(String errorLine, String badPath) {
    CliRun.Result r = CliRun.in(dir).run("lint", badPath, "good.yaml");

    assertEquals(2, r.exit(), r.out());
    assertEquals("", r.err());
    assertEquals(
        errorLine + "\n" + GOOD_HEADER + "\n" + GOOD_FINDING + "\n    hint: Remove one of the two 'name' entries.\n"
            + "Checked 2 files (1 object): 1 error, 0 warnings, 0 infos. 1 input error.\n",
        r.out());
  }

  @Test
  void testAssertionFilesLeftOutOfAWalkAreCountedOnStandardError() throws IOException {
    Path e2e = Files.createDirectories(dir.resolve("e2e"));
    Files.writeString(e2e.resolve("01-assert.yaml"), CliRun.DUPLICATE_NAME);
    Files.writeString(e2e.resolve("02-errors.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result walked = CliRun.in(dir).run("lint", "e2e");
    CliRun.Result named = CliRun.in(dir).run("lint", "e2e/01-assert.yaml");

    assertEquals(new CliRun.Result(0, "Checked 0 files (0 objects): 0 errors, 0 warnings, 0 infos.\n",
        "condlint: note: left out 2 test assertion files (kuttl, chainsaw: partial objects); name one to lint it\n"),
        walked);
    assertEquals(new CliRun.Result(1, (GOOD_HEADER + "\n" + GOOD_FINDING + "\n").replace("good.yaml", "e2e/01-assert.yaml")
        + "    hint: Remove one of the two 'name' entries.\n"
        + "Checked 1 file (1 object): 1 error, 0 warnings, 0 infos.\n", ""), named, "a file named on the command line is linted");
  }
}
