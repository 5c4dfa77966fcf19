package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case file under {@code health-cases/} judged with the built-in catalogue: each object's status,
 * message and rule by condlint, its status and message by the exported Argo CD Lua (run with luaj), and
 * Flux's verdict on the exported CEL (run with the CEL library for Java), as its marker says
 * ({@link HealthCases}). Each file's opening comment says what its objects are and where they come from.
 * (printer-columns.yaml needs CRDs: PrinterColumnSummaryTest judges it.)
 */
class HealthCaseFilesTest {
  private static final String[] FILES = {"judgement.yaml", "declared-kinds.yaml", "state-fields.yaml", "counts.yaml",
      "entries.yaml"};

  static Stream<Arguments> objects() {
    return Stream.of(FILES).flatMap(f -> HealthCases.arguments("health-cases/" + f));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String where, String yaml, String status, String message, String rule, String flux)
      throws Exception {
    HealthCases.judge(YamlDocuments.load(where, yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
