package dev.condlint.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A contract's pattern is compiled as the schema check compiles a CRD's, so both agree on every value. */
class SchemaPatternsTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "^[A-Z]+$|DONE|true",
      "^[A-Z]+$|Done|false",
      // ECMA 262's `$` is the end of the value: Java's would also accept a trailing newline.
      "^[A-Z]+$|'DONE\n'|false",
      // JSON Schema's pattern is found anywhere in the value unless anchored.
      "[0-9]|a1b|true",
      "^[a-z ]+$|synced|true",
      "^[a-z ]+$|Synced.|false",
  })
  void aValueMatchesExactlyWhenTheSchemaCheckAcceptsIt(String pattern, String value, boolean matches) {
    ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "string").put("pattern", pattern);

    assertEquals(matches, SchemaPatterns.compiled(pattern).orElseThrow().test(value));
    assertEquals(matches,
        StructuralValidator.forValue(schema).validate(JsonNodeFactory.instance.textNode(value)).isEmpty());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "^[A-Z(+$|Unclosed character class",
      "^(ab$|Unclosed group",
  })
  void aPatternThatIsNoRegularExpressionSaysWhyAndCompilesToNothing(String pattern, String why) {
    assertEquals(Optional.of(why), SchemaPatterns.problem(pattern));
    assertEquals(Optional.empty(), SchemaPatterns.compiled(pattern));
  }
}
