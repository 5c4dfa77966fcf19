package dev.condlint.health;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Health test cases as data: a YAML file under {@code src/test/resources/health-cases/} whose documents
 * (separated by {@code ---} lines) each carry one marker {@code # want: STATUS | MESSAGE | RULE | FLUX}:
 * the status, message and rule condlint health gives the object, which the exported Argo CD Lua must
 * give too (status and message), and Flux's verdict on the exported CEL. Comments before the first
 * {@code ---} describe the file. As the rules' CaseFile does for findings, a case states its exact
 * expectation beside the object, and one helper reads every file.
 */
final class HealthCases {
  private static final String WANT = "# want: ";

  private HealthCases() {}

  /** One case: where its marker is ({@code file:line}), the object, and what is wanted of it. */
  record Case(String where, String yaml, String status, String message, String rule, String flux) {
    Arguments arguments() {
      return Arguments.of(where, yaml, status, message, rule, flux);
    }
  }

  /** The cases of the file as JUnit arguments: where, yaml, status, message, rule, flux. */
  static Stream<Arguments> arguments(String name) {
    return read(name).stream().map(Case::arguments);
  }

  static List<Case> read(String name) {
    String text;
    try (InputStream in = HealthCases.class.getResourceAsStream("/" + name)) {
      if (in == null) {
        throw new AssertionError("no test resource " + name);
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return parse(name, text);
  }

  /** The cases of a file of this name, as written; a document without exactly one complete marker fails. */
  static List<Case> parse(String name, String text) {
    List<Case> cases = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    int documentStart = -1;
    for (int i = 0; i <= lines.length; i++) {
      boolean separator = i == lines.length || lines[i].equals("---");
      if (!separator) {
        continue;
      }
      if (documentStart >= 0) {
        cases.add(document(name, lines, documentStart, i));
      }
      documentStart = i + 1;
    }
    if (cases.isEmpty()) {
      throw new AssertionError(name + ": no case");
    }
    return List.copyOf(cases);
  }

  private static Case document(String name, String[] lines, int from, int to) {
    StringBuilder yaml = new StringBuilder();
    String[] want = null;
    int wantLine = -1;
    for (int i = from; i < to; i++) {
      if (lines[i].startsWith(WANT)) {
        if (want != null) {
          throw new AssertionError(name + ":" + (i + 1) + ": a second marker in one case");
        }
        want = lines[i].substring(WANT.length()).split(" \\| ", -1);
        wantLine = i + 1;
        if (want.length != 4) {
          throw new AssertionError(name + ":" + wantLine + ": a marker is `# want: STATUS | MESSAGE | RULE | FLUX`");
        }
      }
      yaml.append(lines[i]).append('\n');
    }
    if (want == null) {
      throw new AssertionError(name + ":" + (from + 1) + ": a case without a `# want:` marker");
    }
    return new Case(name + ":" + wantLine, yaml.toString(), want[0], want[1], want[2], want[3]);
  }
}
