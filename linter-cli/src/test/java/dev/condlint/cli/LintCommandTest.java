package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code condlint lint} end to end on files: inputs, List items, suppressions and exit statuses. */
class LintCommandTest {

  @TempDir Path dir;

  @Test
  void readsStandardInputAsStdin() {
    CliRun.Result r = CliRun.in(dir).stdin(CliRun.DUPLICATE_NAME).run("lint", "--format", "github", "-");

    assertEquals(1, r.exit());
    assertEquals(
        "::error file=<stdin>,line=4,col=9,title=duplicate-key::Key 'name' is written twice in this mapping"
            + " (first at line 3); only this later value is kept.%0AHint: Remove one of the two 'name' entries.\n",
        r.out());
  }

  @Test
  void listItemsAreObjectsWithTheirOwnLinesAndRelativePointers() throws IOException {
    Files.writeString(dir.resolve("list.yaml"), """
        apiVersion: v1
        kind: ConfigMapList
        items:
        - kind: Widget
          metadata:
            name: first
          apiVersion: example.com/v1
        - kind: Widget
          metadata:
            name: second
            name: third
          apiVersion: example.com/v1
        - just: a mapping, not an object
        """);

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "json", "list.yaml");

    assertEquals(1, r.exit());
    assertEquals("""
        {
          "findings" : [
            {
              "rule" : "duplicate-key",
              "severity" : "error",
              "message" : "Key 'name' is written twice in this mapping (first at line 10); only this later value is kept.",
              "hint" : "Remove one of the two 'name' entries.",
              "file" : "list.yaml",
              "line" : 11,
              "column" : 11,
              "pointer" : "/metadata/name",
              "object" : {
                "apiVersion" : "example.com/v1",
                "kind" : "Widget",
                "namespace" : "",
                "name" : "third"
              }
            }
          ],
          "errors" : [ ],
          "summary" : {
            "files" : 1,
            "documents" : 2,
            "skipped" : 1,
            "errors" : 1,
            "warnings" : 0,
            "infos" : 0,
            "inputErrors" : 0
          }
        }
        """, r.out());
  }

  @Test
  void emptyDocumentsAreSkipped() throws IOException {
    Files.writeString(dir.resolve("empty.yaml"), "---\n# nothing\n---\n---\napiVersion: example.com/v1\nkind: Widget\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "empty.yaml");

    assertEquals(0, r.exit());
    assertEquals("Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", r.out());
  }

  @Test
  void directoriesAreSearchedRecursivelyInSortedOrderForYamlAndJson() throws IOException {
    Files.createDirectories(dir.resolve("b/.hidden"));
    Files.createDirectories(dir.resolve("a"));
    Files.writeString(dir.resolve("b/z.yml"), CliRun.DUPLICATE_NAME);
    Files.writeString(dir.resolve("b/.hidden/x.yaml"), CliRun.DUPLICATE_NAME);
    Files.writeString(dir.resolve("a/y.json"), "{\"apiVersion\": \"v1\", \"kind\": \"Widget\", \"metadata\": {\"name\": \"a\", \"name\": \"b\"}}");
    Files.writeString(dir.resolve("a/notes.txt"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "github", ".");

    assertEquals(
        """
        a/y.json:1:74
        b/z.yml:4:9
        """,
        locations(r.out()));
  }

  @Test
  void aCommentOnItsOwnLineSuppressesTheNextLineThatIsNotACommentOrBlank() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), """
        kind: Widget
        metadata:
          name: a
          # condlint:ignore duplicate-key -- the chart writes it twice

          # another comment
          name: b
        apiVersion: example.com/v1
        """);

    CliRun.Result r = CliRun.in(dir).run("lint", "w.yaml");

    assertEquals(0, r.exit());
    assertEquals("Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", r.out());
  }

  @Test
  void aTrailingCommentSuppressesItsOwnLine() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), """
        kind: Widget
        metadata:
          name: a
          name: b  # condlint:ignore suppression-unused, duplicate-key
        apiVersion: example.com/v1
        """);

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "github", "w.yaml");

    assertEquals(0, r.exit());
    assertEquals(
        "::notice file=w.yaml,line=4,col=12,title=suppression-unused::The condlint:ignore comment suppresses"
            + " suppression-unused, but suppression-unused reports nothing here.%0AHint: Remove suppression-unused"
            + " from the comment, or move the comment to the line before the finding.\n",
        r.out());
  }

  @Test
  void aSuppressionInTheSecondDocumentBelongsToIt() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), """
        kind: Widget
        metadata:
          name: a
          name: b
        apiVersion: example.com/v1
        ---
        kind: Widget
        metadata:
          # condlint:ignore duplicate-key, no-such-rule
          name: c
        apiVersion: example.com/v1
        """);

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "github", "w.yaml");

    assertEquals(
        """
        w.yaml:4:9 duplicate-key
        w.yaml:9:3 suppression-unused
        w.yaml:9:3 suppression-unused
        """,
        locationsAndRules(r.out()));
    assertTrue(r.out().contains("names 'no-such-rule', which is not a condlint rule"), r.out());
  }

  @ParameterizedTest
  @CsvSource({
    "error, 0",
    "warning, 0",
    "info, 1",
    "never, 0",
  })
  void anInfoFindingFailsOnlyFromInfoUp(String failOn, int exit) throws IOException {
    Files.writeString(dir.resolve("w.yaml"), "kind: Widget  # condlint:ignore duplicate-key\napiVersion: example.com/v1\n");

    assertEquals(exit, CliRun.in(dir).run("lint", "--fail-on", failOn, "w.yaml").exit());
  }

  @ParameterizedTest
  @CsvSource({
    "error, 1",
    "info, 1",
    "never, 0",
  })
  void anErrorFindingFailsUnlessNever(String failOn, int exit) throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    assertEquals(exit, CliRun.in(dir).run("lint", "--fail-on", failOn, "w.yaml").exit());
  }

  @Test
  void unreadableInputBeatsFailOnNever() {
    assertEquals(2, CliRun.in(dir).run("lint", "--fail-on", "never", "missing.yaml").exit());
  }

  @Test
  void outputGoesToTheFileNamedByOutput() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "json", "--output", "report.json", "w.yaml");

    assertEquals(1, r.exit());
    assertEquals("", r.out());
    CliRun.Result toStandardOutput = CliRun.in(dir).run("lint", "--format", "json", "w.yaml");
    assertEquals(toStandardOutput.out(), Files.readString(dir.resolve("report.json")));
    assertTrue(toStandardOutput.out().contains("\"rule\" : \"duplicate-key\""), toStandardOutput.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "app.yaml | app.yaml",
    "./sub/../app.yaml | .",
    "link.yaml | app.yaml",
    "app.yaml | --crds=app.yaml",
  })
  void outputRefusesToOverwriteAnInput(String output, String input) throws IOException {
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("app.yaml"), CliRun.DUPLICATE_NAME);
    Files.createSymbolicLink(dir.resolve("link.yaml"), dir.resolve("app.yaml"));

    CliRun.Result r = CliRun.in(dir).run("lint", "--output", output, input);

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals("condlint: error: --output " + output + " is one of the inputs (app.yaml); not overwriting it\n", r.err());
    assertEquals(CliRun.DUPLICATE_NAME, Files.readString(dir.resolve("app.yaml")));
  }

  @Test
  void outputRefusesToOverwriteTheConfigurationFile() throws IOException {
    Files.writeString(dir.resolve(".condlint.yaml"), "rules: {}\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "--output", ".condlint.yaml", "-");

    assertEquals(2, r.exit());
    assertEquals("condlint: error: --output .condlint.yaml is the configuration file; not overwriting it\n", r.err());
    assertEquals("rules: {}\n", Files.readString(dir.resolve(".condlint.yaml")));
  }

  @Test
  void anUnknownFormatIsAUsageError() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "xml", ".");

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("Invalid value for option '--format'"), r.err());
  }

  /** {@code file:line:col} of each GitHub annotation. */
  static String locations(String github) {
    StringBuilder b = new StringBuilder();
    github.lines().forEach(l -> {
      String[] props = l.substring(l.indexOf(' ') + 1, l.indexOf("::", 2)).split(",");
      b.append(props[0].substring(5)).append(':').append(props[1].substring(5)).append(':')
          .append(props[2].substring(4)).append('\n');
    });
    return b.toString();
  }

  /** {@code file:line:col rule} of each GitHub annotation. */
  static String locationsAndRules(String github) {
    StringBuilder b = new StringBuilder();
    String[] where = locations(github).split("\n");
    String[] lines = github.lines().toArray(String[]::new);
    for (int i = 0; i < lines.length; i++) {
      String title = lines[i].substring(lines[i].indexOf("title=") + 6, lines[i].indexOf("::", 2));
      b.append(where[i]).append(' ').append(title).append('\n');
    }
    return b.toString();
  }
}
