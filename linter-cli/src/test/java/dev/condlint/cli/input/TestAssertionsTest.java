package dev.condlint.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TestAssertionsTest {
  /** The pre-commit hook passes files by name, so its exclude must leave out what a directory walk does. */
  private static final Pattern HOOK_EXCLUDE = hookExclude();

  private static Pattern hookExclude() {
    try {
      Matcher m = Pattern.compile("(?m)^  exclude: '(.*)'$")
          .matcher(Files.readString(Path.of("../.pre-commit-hooks.yaml")));
      if (!m.find()) {
        throw new AssertionError(".pre-commit-hooks.yaml has no exclude");
      }
      return Pattern.compile(m.group(1));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @ParameterizedTest
  @CsvSource({
      "e2e/upgrade/01-assert.yaml, true",
      "02-errors.yaml, true",
      "tests/10-assert-alert-rule.yaml, true",
      "chainsaw/assert-instance-ready.yaml, true",
      "instance-create-assert.yaml, true",
      "tests/Asserted-Stream.YML, true",
      "x.assertions.json, true",
      "00-install.yaml, false",
      "01-asserting.yaml, false",
      "assertive.yaml, false",
      "reassert.yaml, false",
      "errors.yaml, false",
      "chainsaw-test.yaml, false",
      "assert/widget.yaml, false"})
  void kuttlAndChainsawAssertionsAreKnownByNameAndTheHookAgrees(String path, boolean assertion) {
    assertEquals(List.of(assertion, assertion),
        List.of(TestAssertions.isAssertionFile(Path.of(path)), HOOK_EXCLUDE.matcher(path).find()), path);
  }
}
