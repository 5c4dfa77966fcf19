package dev.condlint.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FieldPathsTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', emptyValue = "", value = {
      "''| ''",
      "/status| status",
      "/status/conditions/0/type| status.conditions[0].type",
      "/status/listeners/1/conditions/12| status.listeners[1].conditions[12]",
      "/metadata/annotations/condlint.dev~1ignore| metadata.annotations[condlint.dev/ignore]",
      "/spec/versions/0/schema/openAPIV3Schema| spec.versions[0].schema.openAPIV3Schema",
  })
  void writesKubernetesFieldPaths(String pointer, String path) {
    assertEquals(path, FieldPaths.of(pointer));
  }
}
