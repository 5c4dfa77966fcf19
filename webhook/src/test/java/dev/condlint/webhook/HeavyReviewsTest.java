package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Reviews;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.junit5.VertxExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SRE's crash: reviews of 2.8 MB with 50,000 conditions, each of which the rules find three faults
 * in, sent one after another to condlint-webhook with its own rules in a JVM of its own, under the
 * deployment's collector and a small heap. Before, each was allowed at the deadline while its evaluation
 * went on building 150,000 findings on the worker pool, its bytes already given back: the second or
 * third ended the JVM with OutOfMemoryError. Now the rules stop past --max-findings, each review is
 * answered 503 (not checked), everything it held is given back, and the process serves on.
 */
@ExtendWith(VertxExtension.class)
class HeavyReviewsTest {
  private static final int REVIEWS = 3;
  private static final int CONDITIONS = 50_000;

  private record Answer(int status, String body) {}

  /** A status update of a Widget whose 50,000 conditions each have a bad type, status and reason. */
  private static byte[] heavyReview(int n) {
    String conditions = IntStream.range(0, CONDITIONS)
        .mapToObj(i -> "{\"type\":\"t-" + i + "\",\"status\":\"yes\",\"reason\":\"bad reason\"}")
        .collect(Collectors.joining(","));
    String object = "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w1\","
        + "\"namespace\":\"default\",\"generation\":2},\"status\":{\"conditions\":[" + conditions + "]}}";
    return ("{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":\"heavy-" + n
        + "\",\"kind\":{\"group\":\"example.com\",\"version\":\"v1\",\"kind\":\"Widget\"},\"operation\":\"UPDATE\","
        + "\"subResource\":\"status\",\"namespace\":\"default\",\"name\":\"w1\",\"object\":" + object + "}}")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void reviewsWithTensOfThousandsOfFindingsOneAfterAnotherDoNotEndTheProcess(Vertx vertx, @TempDir Path dir)
      throws Exception {
    try (ChildWebhook webhook = ChildWebhook.start(dir,
        List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:NewRatio=1", "-XX:+ExitOnOutOfMemoryError",
            "-XX:TieredStopAtLevel=1"),
        List.of("--self-signed", "--host", "127.0.0.1", "--port", "0", "--probe-port", "0", "--mode", "enforce",
            // A deadline the rules cannot reach on a loaded machine: here the findings' limit stops them.
            "--deadline", "60s", "--read-timeout", "60s", "--body-stall-timeout", "30s"))) {
      int port = webhook.portLogged("listening");
      int probePort = webhook.portLogged("probes listening");
      HttpClient client = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
          .setVerifyHost(false).setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true));
      for (int n = 0; n < REVIEWS; n++) {
        byte[] body = heavyReview(n);
        assertTrue(body.length > 2_500_000 && body.length < 3_000_000, body.length + " bytes");
        Answer response = await(client.request(HttpMethod.POST, port, "127.0.0.1", "/validate")
            .compose(r -> r.putHeader("content-type", "application/json").send(Buffer.buffer(body)))
            .compose(r -> r.body().map(b -> new Answer(r.statusCode(), b.toString(StandardCharsets.UTF_8)))));
        String answer = response.body();
        assertEquals(503, response.status(), answer + "; stderr: " + webhook.stderr());
        assertEquals("{\"code\":503,\"error\":\"the rules reported more than 5000 findings and did not check the"
            + " review; the webhook's failurePolicy decides\"}", answer);
      }
      // Alive, serving, holding nothing, and never out of memory.
      byte[] small = Reviews.widgetReview("CREATE", "", Reviews.widget("True", "Synced", "2024-05-01T08:00:00Z"), null)
          .toString().getBytes(StandardCharsets.UTF_8);
      JsonNode answer = Reviews.json(await(client.request(HttpMethod.POST, port, "127.0.0.1", "/validate")
          .compose(r -> r.send(Buffer.buffer(small))).compose(r -> r.body())).toString(StandardCharsets.UTF_8));
      assertTrue(answer.path("response").path("allowed").asBoolean(), answer.toString());
      Polling.eventually(Duration.ofSeconds(10), () -> TestWebhooks.probe(probePort, "/metrics").body(),
          metrics -> metrics.contains("condlint_inflight_body_bytes 0.0"));
      assertTrue(TestWebhooks.probe(probePort, "/metrics").body()
          .contains("condlint_admission_unchecked_total{reason=\"findings\",} 3.0"));
      assertFalse(String.join("\n", webhook.stdout()).contains("OutOfMemoryError"));
      assertFalse(webhook.stderr().contains("OutOfMemoryError"), webhook.stderr());
    }
  }
}
