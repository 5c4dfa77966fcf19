package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Yaml11ScalarsTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "True|true", "yes|true", "Y|true", "on|true", "OFF|false", "no|false", "n|false",
        "~|null", "null|null", "NULL|null", "''|null",
        // The longest keywords, and words one letter longer.
        "FALSE|false", "False|false", "Falsey|\"Falsey\"", "nulls|\"nulls\"", "YES.|\"YES.\"",
        "42|42", "-7|-7", "0x1F|31", "0b101|5", "017|15", "1_000|1000",
        "1.0|1.0", "1e3|1000.0", "-.5|-0.5",
        "Ready|\"Ready\"", "true_ish|\"true_ish\"", "2024-05-01T12:00:00Z|\"2024-05-01T12:00:00Z\"",
        // "09" is no octal integer, so go-yaml v2 falls through to its float pattern: 9.0.
        "0.0.1|\"0.0.1\"", "09|9.0", "Unknown|\"Unknown\""
      })
  void resolvesLikeGoYamlV2(String plain, String json) {
    assertEquals(json, Yaml11Scalars.resolve(plain).toString());
  }
}
