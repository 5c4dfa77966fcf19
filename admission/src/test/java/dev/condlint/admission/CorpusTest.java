package dev.condlint.admission;

import dev.condlint.rules.catalogue.Ruleset;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every recorded AdmissionReview of the corpus is answered. The corpus mixes v1 JSON reviews, v1beta1
 * YAML reviews (read here as a front end would) and bare AdmissionRequests, which are rejected with
 * a message saying how to wrap them and are answered once wrapped.
 */
class CorpusTest {
  private static final Admission ADMISSION =
      new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, Clock.systemUTC());

  static Stream<Path> corpus() throws IOException, URISyntaxException {
    Path root = Path.of(CorpusTest.class.getResource("/corpus/admission").toURI());
    return Files.walk(root).filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".yaml")).sorted();
  }

  static JsonNode read(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    ParsedFile parsed = new YamlReader().read(file.getFileName().toString(), text);
    assertEquals(List.of(), parsed.problems(), file.toString());
    assertEquals(1, parsed.documents().size(), file.toString());
    return parsed.documents().get(0).root();
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void everyRecordedReviewIsAnswered(Path file) throws Exception {
    JsonNode review = read(file);
    if (!review.has("request")) {
      MalformedReviewException e = assertThrows(MalformedReviewException.class, () -> ADMISSION.review(review));
      assertTrue(e.getMessage().startsWith("the body is a bare AdmissionRequest"), e.getMessage());
      ObjectNode wrapped = Reviews.JSON.createObjectNode();
      wrapped.put("apiVersion", AdmissionRequest.V1).put("kind", "AdmissionReview").set("request", review);
      assertAnswered(wrapped, ADMISSION.review(wrapped));
      return;
    }
    assertAnswered(review, ADMISSION.review(review));
  }

  private static void assertAnswered(JsonNode review, Admission.Reviewed reviewed) {
    // A rule that throws is turned into an allowed response with a note: that is an error here.
    assertEquals(List.of(), reviewed.decision().notes());
    JsonNode response = reviewed.response();
    assertEquals(review.path("apiVersion").asText(), response.path("apiVersion").asText());
    assertEquals("AdmissionReview", response.path("kind").asText());
    assertEquals(review.path("request").path("uid").asText(""), response.path("response").path("uid").asText());
    assertTrue(response.path("response").path("allowed").isBoolean());
  }

  @Test
  void theCorpusHasAllThreeShapes() throws Exception {
    List<JsonNode> reviews = corpus().map(p -> {
      try {
        return read(p);
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }).toList();
    assertEquals(38, reviews.size());
    assertEquals(19, reviews.stream().filter(r -> r.path("apiVersion").asText().equals(AdmissionRequest.V1BETA1)).count());
    assertEquals(8, reviews.stream().filter(r -> !r.has("request")).count());
  }
}
