package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What kubectl reads is read the same here (issue 17, item 9). */
class KubectlReadingTest {
  private static final String REASON_FORMAT = "condition-reason-format: Condition \"%s\" has reason \"all good\", which"
      + " is not a one-word identifier matching `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters,"
      + " digits, '_', ',' and ':'; a letter, digit or '_' last); metav1.Condition's schema would reject it, and tools"
      + " that match reasons expect such an identifier.\n"
      + "    hint: Use a one-word CamelCase reason such as `ImagePullFailed`; put details in the message.\n";

  @TempDir Path dir;

  @Test
  void aFindingReachedThroughAnAliasIsShownAtTheAliasOnce() throws IOException {
    Files.writeString(dir.resolve("alias.yaml"), """
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w, generation: 1}
        status:
          observedGeneration: 1
          conditions:
          - type: Ready
            status: "True"
            reason: &reason all good
            message: ok
            lastTransitionTime: "2024-05-01T00:00:00Z"
            observedGeneration: 1
          - &synced
            type: Synced
            status: "True"
            reason: *reason
            message: ok
            lastTransitionTime: "2024-05-01T00:00:00Z"
            observedGeneration: 1
            observedGeneration: 1
          - *synced
          - type: Healthy
            status: "True"
            reason: *reason
            message: ok
            lastTransitionTime: "2024-05-01T00:00:00Z"
            observedGeneration: 1
        """);

    CliRun.Result r = CliRun.withBuiltInRules(dir).run("lint", "-q", "alias.yaml");

    // The reason pattern is metav1.Condition's convention here, an info: the observedGeneration rung that infers
    // metav1 for this undeclared kind does not claim metav1's markers (docs/contracts.md, the evidence ladder).

    assertEquals(
        "alias.yaml:9:13: info " + REASON_FORMAT.formatted("Ready")
            + "alias.yaml:16:13: info " + REASON_FORMAT.formatted("Synced")
            + "alias.yaml:20:25: error duplicate-key: Key 'observedGeneration' is written twice in this mapping (first"
            + " at line 19); only this later value is kept.\n"
            + "    hint: Remove one of the two 'observedGeneration' entries.\n"
            + "alias.yaml:21:5: info " + REASON_FORMAT.formatted("Synced")
            + "alias.yaml:21:5: error condition-type-unique: Type \"Synced\" appears again (first as condition #1);"
            + " conditions are a map keyed by type, so one of the two is lost.\n"
            + "    hint: Merge the two conditions into one entry per type.\n"
            + "alias.yaml:24:13: info " + REASON_FORMAT.formatted("Healthy"),
        r.out());
    assertEquals(1, r.exit());
  }

  @Test
  void twoHundredAliasesOfASmallFileAreRead() throws IOException {
    StringBuilder yaml = new StringBuilder(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  port: &port {protocol: TCP}\n"
            + "  ports:\n");
    for (int i = 0; i < 200; i++) {
      yaml.append("  - *port\n");
    }
    Files.writeString(dir.resolve("aliases.yaml"), yaml);

    CliRun.Result r = CliRun.in(dir).run("lint", "aliases.yaml");

    assertEquals("Checked 1 file (1 object): 0 errors, 0 warnings, 0 infos.\n", r.out());
    assertEquals(0, r.exit());
  }

  @Test
  void jsonWithATrailingCommaIsAnErrorAtItsLineAndColumn() throws IOException {
    Files.writeString(dir.resolve("trailing.json"),
        "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"ConfigMap\",\n  \"metadata\": {\"name\": \"a\"},\n}\n");
    Files.writeString(dir.resolve("good.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "-q", "trailing.json", "good.yaml");

    assertEquals("trailing.json:5:1: error: invalid JSON: Unexpected character ('}' (code 125)): was expecting"
        + " double-quote to start field name\n"
        + "good.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only this"
        + " later value is kept.\n"
        + "    hint: Remove one of the two 'name' entries.\n", r.out());
    assertEquals(2, r.exit());
  }

  @Test
  void utf16AndUtf32WithAByteOrderMarkAreReadAsKubectlReadsThem() throws IOException {
    String yaml = "kind: Widget # \u00fcber \ud83d\ude80\nmetadata:\n  name: a\n  name: \u00e9\napiVersion: v1\n";
    List<String> files = new ArrayList<>();
    for (String charset : List.of("UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE")) {
      Files.write(dir.resolve(charset + ".yaml"), ("\uFEFF" + yaml).getBytes(Charset.forName(charset)));
      files.add(charset + ".yaml");
    }
    files.add(0, "lint");
    files.add(1, "-q");

    CliRun.Result r = CliRun.in(dir).run(files.toArray(String[]::new));

    String finding = ":4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only"
        + " this later value is kept.\n    hint: Remove one of the two 'name' entries.\n";
    assertEquals("UTF-16LE.yaml" + finding + "UTF-16BE.yaml" + finding + "UTF-32LE.yaml" + finding
        + "UTF-32BE.yaml" + finding, r.out());
    assertEquals(1, r.exit());
  }

  @Test
  void aMalformedUtf16TextIsRefusedAtTheLineAndColumnOfTheBadBytes() throws IOException {
    byte[] good = "\uFEFFkind: Widget\nmetadata: {name: \u00e9".getBytes(StandardCharsets.UTF_16LE);
    byte[] loneSurrogate = {0x3D, (byte) 0xD8, 'x', 0};
    Files.write(dir.resolve("surrogate.yaml"), concat(good, loneSurrogate));
    Files.write(dir.resolve("odd.yaml"), concat(good, new byte[] {'}'}));
    Files.write(dir.resolve("nul.yaml"), "\uFEFFkind: Widget\nmetadata: \u0000\n".getBytes(StandardCharsets.UTF_16BE));

    CliRun.Result r = CliRun.in(dir).run("lint", "-q", "surrogate.yaml", "odd.yaml", "nul.yaml");

    assertEquals("surrogate.yaml:2:19: error: not UTF-16LE: invalid sequence of 4 bytes\n"
        + "odd.yaml:2:19: error: not UTF-16LE: invalid byte 0x7D\n"
        + "nul.yaml:2:11: error: binary file (NUL character), not YAML or JSON text\n", r.out());
    assertEquals(2, r.exit());
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
