package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.bench.FluxCel;
import dev.condlint.health.export.ArgoCdLuaExport;
import dev.condlint.health.export.FluxCelExport;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
 * expectation beside the object, and one helper reads every file. A case may also carry a line
 * {@code # basis: SOURCE: DETAIL (CITATION)}, the contract source that decided, where that is what the
 * case is about (a summary read from a CRD's printer column).
 */
final class HealthCases {
  private static final String WANT = "# want: ";
  private static final String BASIS = "# basis: ";
  private static final Instant NOW = Instant.parse("2026-09-01T00:00:00Z");
  private static final HealthAssessor DEFAULT = new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).contracts());

  private HealthCases() {}

  /**
   * One case: where its marker is ({@code file:line}), the object, and what is wanted of it; {@code basis}
   * is "" where the case states none.
   */
  record Case(String where, String yaml, String status, String message, String rule, String flux, String basis) {
    Arguments arguments() {
      return Arguments.of(where, yaml, status, message, rule, flux);
    }

    JsonNode object() {
      return YamlDocuments.load(where, yaml).documents().get(0).object();
    }
  }

  /**
   * The case's object judged by {@code assessor} as wanted: condlint's status, message and rule (and its
   * basis where the case states one), the exported Argo CD Lua's status and message, the exported Flux
   * CEL's verdict.
   */
  static void judge(HealthAssessor assessor, Case c) throws Exception {
    judge(assessor, c.object(), c.status(), c.message(), c.rule(), c.flux());
    if (!c.basis().isEmpty()) {
      assertEquals(c.basis(), assessor.assess(c.object(), NOW).basis()
          .map(b -> b.source() + ": " + b.detail() + " (" + b.citation() + ")").orElse("none"), c.where());
    }
  }

  /** The object judged by condlint with the built-in catalogue, and by the exported Lua and CEL, as wanted. */
  static void judge(JsonNode object, String status, String message, String rule, String flux) throws Exception {
    judge(DEFAULT, object, status, message, rule, flux);
  }

  static void judge(HealthAssessor assessor, JsonNode object, String status, String message, String rule, String flux)
      throws Exception {
    Assessment a = assessor.assess(object, NOW);
    assertEquals(status + " | " + message + " | " + rule,
        a.status().label() + " | " + a.message() + " | " + a.reason().rule().label());
    KindContract contract = assessor.contractOf(object);
    ArgoCdLua.Outcome lua = new ArgoCdLua("health.lua", ArgoCdLuaExport.script(contract), true).run(object);
    assertEquals(status + " | " + message, lua.statusLabel() + " | " + lua.message());
    FluxCelExport.Expressions e = FluxCelExport.expressions(contract);
    FluxCel.Outcome outcome = new FluxCel(e.inProgress(), e.failed(), e.current()).evaluate(object);
    assertEquals(flux, outcome.label(), () -> outcome.error().orElse(""));
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
    String basis = "";
    for (int i = from; i < to; i++) {
      if (lines[i].startsWith(BASIS)) {
        basis = lines[i].substring(BASIS.length());
      }
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
    return new Case(name + ":" + wantLine, yaml.toString(), want[0], want[1], want[2], want[3], basis);
  }
}
