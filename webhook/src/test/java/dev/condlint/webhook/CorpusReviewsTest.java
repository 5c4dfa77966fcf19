package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.MalformedReviewException;
import dev.condlint.admission.Reviews;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every recorded AdmissionReview of the corpus (admission's test resources, copied from
 * ../shared/corpus/admission with its MANIFEST.md) posted to the real server, with condlint's own
 * rules in enforce mode, over HTTP/2: each is answered with exactly the bytes the admission code gives
 * for it at the same time, with no note that the check failed. The bare AdmissionRequests of the
 * corpus get 400 with the admission code's error, which says how to wrap them.
 */
@ExtendWith(VertxExtension.class)
class CorpusReviewsTest {
  private static final Path CORPUS = Path.of("..", "admission", "src", "test", "resources", "corpus", "admission");
  // The server's clock and the expected answers' clock: the rules' "now" is the same for both.
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);
  private static final Admission ADMISSION = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
  private static final ObjectMapper JSON = new ObjectMapper();

  private static TestWebhooks.Running server;
  private static WebClient client;

  @BeforeAll
  static void start(Vertx vertx) {
    server = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofSeconds(10)), CLOCK);
    client = WebClient.create(vertx, new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
        .setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true));
  }

  @AfterAll
  static void stop() {
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  static Stream<Path> corpus() throws IOException {
    try (Stream<Path> files = Files.walk(CORPUS)) {
      List<Path> reviews = files.filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".yaml"))
          .sorted().toList();
      assertEquals(38, reviews.size(), "the corpus's admission/ folder holds 38 files");
      return reviews.stream();
    }
  }

  /** The review as JSON, as the API server sends it (the corpus has YAML ones too). */
  private static String json(Path file) throws IOException {
    ParsedFile parsed = new YamlReader().read(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    assertEquals(List.of(), parsed.problems(), file.toString());
    return parsed.documents().get(0).root().toString();
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void isAnsweredAsTheAdmissionCodeAnswersIt(Path file) throws Exception {
    JsonNode review = Reviews.json(json(file));
    HttpResponse<Buffer> response = await(client.post(server.port(), "127.0.0.1", "/validate")
        .putHeader("content-type", "application/json").sendBuffer(Buffer.buffer(review.toString())));
    assertEquals(HttpVersion.HTTP_2, response.version());
    assertEquals("application/json", response.getHeader("content-type"));
    if (!review.has("request")) {
      MalformedReviewException refused = assertThrows(MalformedReviewException.class, () -> ADMISSION.review(review));
      assertEquals(400, response.statusCode(), response.bodyAsString());
      assertEquals(JSON.createObjectNode().put("code", 400).put("error", refused.getMessage()),
          Reviews.json(response.bodyAsString()));
      return;
    }
    Admission.Reviewed expected = ADMISSION.review(review);
    // A failed or late check is allowed with a note: none may be expected, as none may be answered.
    assertEquals(List.of(), expected.decision().notes());
    assertEquals(200, response.statusCode(), response.bodyAsString());
    assertEquals(JSON.writeValueAsString(expected.response()), response.bodyAsString());
  }
}
