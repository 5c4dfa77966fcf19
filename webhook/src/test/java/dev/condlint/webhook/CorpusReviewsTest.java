package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.Reviews;
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
import java.time.Duration;
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
 * rules in enforce mode, over HTTP/2: each is answered in kind with its uid and no note that the
 * check failed. The bare AdmissionRequests of the corpus get 400 with how to wrap them.
 */
@ExtendWith(VertxExtension.class)
class CorpusReviewsTest {
  private static final Path CORPUS = Path.of("..", "admission", "src", "test", "resources", "corpus", "admission");

  private static TestWebhooks.Running server;
  private static WebClient client;

  @BeforeAll
  static void start(Vertx vertx) {
    server = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofSeconds(10)));
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
  void isAnsweredWithoutError(Path file) throws IOException {
    JsonNode review = Reviews.json(json(file));
    HttpResponse<Buffer> response = await(client.post(server.port(), "127.0.0.1", "/validate")
        .putHeader("content-type", "application/json").sendBuffer(Buffer.buffer(review.toString())));
    assertEquals(HttpVersion.HTTP_2, response.version());
    JsonNode body = Reviews.json(response.bodyAsString());
    if (!review.has("request")) {
      assertEquals(400, response.statusCode(), body.toString());
      assertTrue(body.path("error").asText().startsWith("the body is a bare AdmissionRequest; wrap it as"),
          body.toString());
      return;
    }
    assertEquals(200, response.statusCode(), body.toString());
    assertEquals(review.path("apiVersion").asText(), body.path("apiVersion").asText());
    assertEquals("AdmissionReview", body.path("kind").asText());
    assertEquals(review.path("request").path("uid").asText(""), body.path("response").path("uid").asText());
    assertTrue(body.path("response").path("allowed").isBoolean(), body.toString());
    // A failed or late check is allowed with a note, which the response carries as a warning.
    for (JsonNode warning : body.path("response").path("warnings")) {
      assertTrue(Stream.of("condlint could not", "condlint failed", "condlint did not", "condlint does not know")
          .noneMatch(warning.asText()::startsWith), warning.asText());
    }
  }
}
