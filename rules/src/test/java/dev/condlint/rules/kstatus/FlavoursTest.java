package dev.condlint.rules.kstatus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each flavour of Compute on the Jobs of {@code src/test/resources/kstatus-flavours} (see its README). */
class FlavoursTest {
  private static final Path ROOT = Path.of("src/test/resources/kstatus-flavours");
  private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");

  static List<Path> cases() throws IOException {
    return KstatusFixture.files(ROOT, 10);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void eachFlavourComputesWhatItsSourceDoes(Path file) throws IOException {
    KstatusFixture fixture = KstatusFixture.read(file);
    for (Flavour flavour : Flavour.values()) {
      JsonNode expected = fixture.expected().path(flavour.name().toLowerCase(Locale.ROOT));
      assertEquals(result(expected), KstatusCompute.compute(fixture.object(), NOW, flavour), flavour + " flavour");
    }
  }

  @Test
  void theTwoArgumentComputeIsUpstream() throws IOException {
    JsonNode job = KstatusFixture.read(ROOT.resolve("created-suspended.yaml")).object();
    assertEquals(KstatusCompute.compute(job, NOW, Flavour.UPSTREAM), KstatusCompute.compute(job, NOW));
    assertEquals(KstatusStatus.CURRENT, KstatusCompute.compute(job, NOW).status());
  }

  private static KstatusResult result(JsonNode expected) {
    List<KstatusCondition> conditions = new ArrayList<>();
    for (JsonNode c : expected.path("conditions")) {
      conditions.add(new KstatusCondition(
          c.path("type").asText(), c.path("status").asText(), c.path("reason").asText(), c.path("message").asText()));
    }
    return new KstatusResult(
        Stream.of(KstatusStatus.values())
            .filter(s -> s.label().equals(expected.path("status").asText()))
            .findFirst()
            .orElseThrow(),
        expected.path("message").asText(),
        conditions);
  }
}
