package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds whose summary and polarities the catalogue declares from their own APIs, each in the states
 * its API defines: condlint health, the exported Lua (luaj) and the exported CEL (the CEL library for
 * Java) agree. The objects, written from the kinds' Go types, and their verdicts are the case file
 * {@code health-cases/declared-kinds.yaml} ({@link HealthCases}).
 */
class DeclaredKindHealthTest {
  static Stream<Arguments> objects() {
    return HealthCases.arguments("health-cases/declared-kinds.yaml");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String where, String yaml, String status, String message, String rule, String flux)
      throws Exception {
    HealthCases.judge(YamlDocuments.load(where, yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
