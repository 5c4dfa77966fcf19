package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each output format over one fixture directory, compared exactly with its golden file. */
class OutputFormatsTest {

  @ParameterizedTest
  @ValueSource(strings = {"text", "json", "sarif", "junit", "github"})
  void rendersTheFixtureExactly(String format) {
    CliRun.Result r = CliRun.in(Golden.resource("fixtures/formats")).run("lint", "--format", format, ".");

    assertEquals("", r.err());
    assertEquals(2, r.exit(), "broken.yaml cannot be parsed to its end");
    Golden.assertMatches("golden/formats." + format, r.out());
  }
}
