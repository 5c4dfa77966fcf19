package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The text format: before a file's findings, one line says which profile judged its objects (the
 * finding lines stay {@code file:line:col: severity rule: message}, for grep and editors).
 */
class TextOutputTest {
  private static final String WIDGET = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: a\n  name: b\n";
  private static final String KUSTOMIZATION =
      "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: a\n  name: b\n";

  @TempDir Path dir;

  @Test
  void aFileWithFindingsIsHeadedByTheProfilesThatJudgedItsObjects() throws IOException {
    Files.writeString(dir.resolve("mixed.yaml"), WIDGET + "---\n" + KUSTOMIZATION + "---\n" + WIDGET);
    Files.writeString(dir.resolve("clean.yaml"), "apiVersion: example.com/v1\nkind: Widget\n");

    CliRun.Result r = CliRun.in(dir).run("lint", ".");

    assertEquals("""
        mixed.yaml: profiles k8s (2 objects), flux (1 object)
        mixed.yaml:5:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 4); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        mixed.yaml:11:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 10); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        mixed.yaml:17:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 16); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        Checked 2 files (4 objects): 3 errors, 0 warnings, 0 infos.
        """, r.out());
  }

  @Test
  void theForcedProfileIsTheOneNamed() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), WIDGET);

    CliRun.Result r = CliRun.in(dir).run("lint", "--profile", "kstatus", "w.yaml");

    assertEquals("w.yaml: profile kstatus (1 object)", r.out().lines().findFirst().orElseThrow());
  }

  @Test
  void quietPrintsTheFindingsAndReadErrorsOnly() throws IOException {
    Files.writeString(dir.resolve("mixed.yaml"), WIDGET + "---\n" + KUSTOMIZATION);
    Files.writeString(dir.resolve("bad.yaml"), "kind: [\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "--quiet", ".");

    assertEquals(2, r.exit());
    assertEquals("""
        bad.yaml:2:1: error: while parsing a flow node: expected the node content, but found '<stream end>'
        mixed.yaml:5:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 4); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        mixed.yaml:11:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 10); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        """, r.out());
  }

  @Test
  void quietPrintsNothingForACleanRun() throws IOException {
    Files.writeString(dir.resolve("clean.yaml"), "apiVersion: example.com/v1\nkind: Widget\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "-q", ".");

    assertEquals(0, r.exit());
    assertEquals("", r.out());
  }

  @Test
  void summaryCountsTheFindingsByRuleMostSevereFirst() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), WIDGET + "---\n" + WIDGET);
    Files.writeString(dir.resolve("s.yaml"), "kind: Widget  # condlint:ignore duplicate-key\napiVersion: example.com/v1\n");
    Files.writeString(dir.resolve("bad.yaml"), "kind: [\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "--summary", ".");

    assertEquals(2, r.exit());
    assertEquals("""
        bad.yaml:2:1: error: while parsing a flow node: expected the node content, but found '<stream end>'
        Findings by rule:
          duplicate-key       2 errors
          suppression-unused  1 info
        Checked 3 files (3 objects): 2 errors, 0 warnings, 1 info. 1 input error.
        """, r.out());
  }

  @Test
  void summaryOfACleanRunIsTheCheckedLine() throws IOException {
    Files.writeString(dir.resolve("clean.yaml"), "apiVersion: example.com/v1\nkind: Widget\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "--summary", ".");

    assertEquals("Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", r.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "--quiet --summary | Error: --quiet, --summary are mutually exclusive (specify only one)",
    "--quiet --format=json | --quiet and --summary shape the text format only, not json",
    "--summary --format=sarif | --quiet and --summary shape the text format only, not sarif",
  })
  void quietAndSummaryAreForTheTextFormatAndExcludeEachOther(String flags, String error) {
    List<String> args = new ArrayList<>(List.of("lint"));
    args.addAll(List.of(flags.split(" ")));
    args.add(".");

    CliRun.Result r = CliRun.in(dir).run(args.toArray(String[]::new));

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(error, r.err().lines().findFirst().orElseThrow());
  }
}
