package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
