package dev.condlint.rules.kstatus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs kstatus's own test tables (transcribed under {@code src/test/resources/kstatus}) through Compute. */
class KstatusTablesTest {
  private static final Path ROOT = Path.of("src/test/resources/kstatus");

  /** Far from any fixture's creationTimestamp, so only cases that set {@code now} are inside a window. */
  private static final Instant DEFAULT_NOW = Instant.parse("2030-01-01T00:00:00Z");

  /** 53 cases of status_compute_test.go and 4 of core_test.go. */
  static List<Path> upstreamCases() throws IOException {
    return KstatusFixture.files(ROOT, 57);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("upstreamCases")
  void computesWhatUpstreamExpects(Path file) throws IOException {
    KstatusFixture fixture = KstatusFixture.read(file);
    JsonNode expected = fixture.expected();
    Instant now =
        Optional.ofNullable(expected.get("now")).map(n -> Instant.parse(n.asText())).orElse(DEFAULT_NOW);

    KstatusResult result = KstatusCompute.compute(fixture.object(), now);

    assertEquals(expected.path("status").asText(), result.status().label());
    assertTrue(expected.path("message").isTextual(), file + " gives the expected message");
    assertEquals(expected.path("message").asText(), result.message());
    for (JsonNode want : expected.path("conditions")) {
      KstatusCondition got =
          result.conditions().stream()
              .filter(c -> c.type().equals(want.path("type").asText()))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no " + want.path("type").asText() + " condition in " + result));
      assertEquals(want.path("status").asText(), got.status());
      assertEquals(want.path("reason").asText(), got.reason());
    }
    for (JsonNode absent : expected.path("absent")) {
      assertFalse(
          result.conditions().stream().anyMatch(c -> c.type().equals(absent.asText())),
          absent.asText() + " must be absent from " + result);
    }
  }
}
