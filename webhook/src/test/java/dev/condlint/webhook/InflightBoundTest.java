package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.admission.Reviews;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.junit5.VertxExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * 20 concurrent reviews of about 3 MB (60 MB in all) to a webhook process with a 64 MB heap: the bytes
 * held stay within --max-inflight-bytes, each review is either decided or, beyond the bound, answered
 * 503 (not checked: the cluster's failurePolicy decides), never allowed unchecked, and the process
 * neither runs out of memory nor stops serving.
 */
@ExtendWith(VertxExtension.class)
class InflightBoundTest {
  private static final int REVIEWS = 20;
  private static final int BODY_BYTES = 3_000_000;
  // Room for two of the bodies, not three.
  private static final long BOUND = 7_000_000;

  @Test
  void reviewsBeyondTheBoundAreNotCheckedAndTheHeapHolds(Vertx vertx, @TempDir Path dir) throws Exception {
    try (ChildWebhook webhook = ChildWebhook.start(dir,
        List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError", "-XX:TieredStopAtLevel=1"),
        List.of("--self-signed", "--host", "127.0.0.1", "--port", "0", "--probe-port", "0", "--mode", "enforce",
            "--max-inflight-bytes", String.valueOf(BOUND), "--deadline", "20s",
            // The bodies go one after the other over one connection, after all the headers: on a busy
            // machine the last ones take longer than the default 10 s to arrive.
            "--read-timeout", "120s", "--body-stall-timeout", "120s"))) {
      int port = webhook.portLogged("listening");
      int probePort = webhook.portLogged("probes listening");
      HttpClient client = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
          .setVerifyHost(false).setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true)
          .setHttp2MultiplexingLimit(REVIEWS * 2), new PoolOptions().setHttp2MaxSize(1));

      // Every request's headers (with its Content-Length) first, so that all are in flight at once.
      List<byte[]> bodies = IntStream.range(0, REVIEWS).mapToObj(InflightBoundTest::largeReview).toList();
      List<HttpClientRequest> requests = new ArrayList<>();
      for (byte[] body : bodies) {
        assertEquals(BODY_BYTES, body.length);
        HttpClientRequest request = await(client.request(new RequestOptions().setMethod(HttpMethod.POST)
            .setHost("127.0.0.1").setPort(port).setURI("/validate")));
        request.putHeader("content-type", "application/json").putHeader("content-length", String.valueOf(body.length));
        await(request.write(Buffer.buffer(body).slice(0, 100)));
        requests.add(request);
      }
      SigtermDrainTest.awaitActiveRequests(probePort, REVIEWS);
      List<Future<io.vertx.core.http.HttpClientResponse>> responses = new ArrayList<>();
      List<Future<Buffer>> bodies2 = new ArrayList<>();
      for (int i = 0; i < REVIEWS; i++) {
        byte[] body = bodies.get(i);
        HttpClientRequest request = requests.get(i);
        Future<io.vertx.core.http.HttpClientResponse> response = request.response();
        responses.add(response);
        bodies2.add(response.compose(r -> r.body()));
        request.end(Buffer.buffer(body).slice(100, body.length));
      }

      Map<Integer, Integer> byStatus = new TreeMap<>();
      for (int i = 0; i < REVIEWS; i++) {
        int status;
        String text;
        try {
          status = await(responses.get(i)).statusCode();
          text = await(bodies2.get(i)).toString(StandardCharsets.UTF_8);
        } catch (AssertionError e) {
          // Once under a loaded build the connection closed before an answer: say whether the webhook
          // had died (its heap is 64 MB) or closed it, and what it logged.
          throw new AssertionError("review " + i + " got no answer; " + webhook.state(), e);
        }
        byStatus.merge(status, 1, Integer::sum);
        if (status == 200) {
          JsonNode answer = Reviews.json(text).path("response");
          assertEquals("uid-" + i, answer.path("uid").asText());
          // Decided: the review is clean, so allowed without a word.
          assertTrue(answer.path("allowed").asBoolean(), text);
          assertEquals(List.of(), TestWebhooks.warnings(Reviews.json(text)), text);
        } else {
          assertEquals(503, status, text);
          assertEquals("{\"code\":503,\"error\":\"condlint was at its bound of 7000000 bytes held for reviews in flight"
              + " and did not check the review; the webhook's failurePolicy decides\"}", text);
        }
      }
      assertTrue(byStatus.getOrDefault(200, 0) >= 1, byStatus.toString());
      assertEquals(REVIEWS, byStatus.values().stream().mapToInt(Integer::intValue).sum());
      // Decision lines are written in batches, a little after the answers.
      int decided = byStatus.getOrDefault(200, 0);
      Polling.waitUntil(Duration.ofSeconds(10), () -> SigtermDrainTest.decisions(webhook) >= decided);
      // Not checked while its body arrived, or once it had arrived and its decoded objects did not fit.
      Map<String, Long> lines = webhook.stdout().stream().map(Reviews::json)
          .filter(l -> l.path("msg").asText().equals("decision") || l.path("msg").asText().equals("review not checked"))
          .collect(Collectors.groupingBy(l -> l.path("msg").asText() + " " + l.path("reason").asText()
              + " " + (l.path("path").asText().equals("reading") ? "" : "decoded"), TreeMap::new, Collectors.counting()));
      assertEquals(decided, lines.getOrDefault("decision  decoded", 0L));
      assertEquals(REVIEWS - decided, lines.getOrDefault("review not checked bound ", 0L)
          + lines.getOrDefault("review not checked bound decoded", 0L), lines.toString());

      // Still serving, every body released, and no trace of running out of memory.
      byte[] small = Reviews.widgetReview("CREATE", "", Reviews.widget("True", "Synced", "2024-05-01T08:00:00Z"), null)
          .toString().getBytes(StandardCharsets.UTF_8);
      assertEquals(200, await(client.request(HttpMethod.POST, port, "127.0.0.1", "/validate")
          .compose(r -> r.send(Buffer.buffer(small)))).statusCode());
      String metrics = TestWebhooks.probe(probePort, "/metrics").body();
      assertTrue(metrics.contains("condlint_inflight_body_bytes 0.0"), metrics);
      assertTrue(metrics.contains("condlint_inflight_body_max_bytes 7000000.0"), metrics);
      assertFalse(String.join("\n", webhook.stdout()).contains("OutOfMemoryError"));
      assertFalse(webhook.stderr().contains("OutOfMemoryError"), webhook.stderr());
    }
  }

  /** A CREATE of a Widget padded to exactly {@value #BODY_BYTES} bytes of review; its uid is {@code uid-N}. */
  private static byte[] largeReview(int n) {
    ObjectNode object = (ObjectNode) Reviews.widget("True", "Synced", "2024-05-01T08:00:00Z");
    ((ObjectNode) object.get("status")).put("pad", "");
    ObjectNode review = Reviews.widgetReview("CREATE", "", object, null);
    ((ObjectNode) review.get("request")).put("uid", "uid-" + n);
    int bare = review.toString().length();
    ((ObjectNode) object.get("status")).put("pad", "x".repeat(BODY_BYTES - bare));
    return review.toString().getBytes(StandardCharsets.UTF_8);
  }
}
