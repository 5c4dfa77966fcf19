package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds whose API reports no summary condition but sums their health up in fields outside the
 * conditions (health-facts.json's {@code stateFields}), and the other facts health-facts.json holds of
 * kinds: healthy, work under way, failure and deliberate stops as each kind's API defines them, judged by
 * condlint, the exported Argo CD Lua and the exported Flux CEL alike. The objects and their verdicts are
 * the case file {@code health-cases/state-fields.yaml} ({@link HealthCases}).
 */
class StateFieldsTest {
  static Stream<Arguments> objects() {
    return HealthCases.arguments("health-cases/state-fields.yaml");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String where, String yaml, String status, String message, String rule, String flux)
      throws Exception {
    HealthCases.judge(YamlDocuments.load(where, yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
