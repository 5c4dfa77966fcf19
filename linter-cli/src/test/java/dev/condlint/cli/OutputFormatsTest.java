package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each output format over one fixture directory, compared exactly with its golden file. The fixture
 * directory is the root of the paths SARIF and GitHub give; its absolute URI, which depends on where
 * the checkout is, is written {@code file:///FIXTURES/} in the golden file.
 */
class OutputFormatsTest {

  @ParameterizedTest
  @ValueSource(strings = {"text", "json", "sarif", "junit", "github"})
  void rendersTheFixtureExactly(String format) {
    Path fixtures = Golden.resource("fixtures/formats");
    CliRun.Result r = CliRun.in(fixtures).run("lint", "--format", format, "--sarif-root", ".", ".");

    assertEquals("", r.err());
    assertEquals(2, r.exit(), "broken.yaml cannot be parsed to its end");
    Golden.assertMatches("golden/formats." + format, r.out().replace(fixtures.toUri().toString(), "file:///FIXTURES/"));
  }
}
