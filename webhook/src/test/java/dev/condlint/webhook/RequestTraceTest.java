package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark's switch {@code -Dcondlint.requestTrace} (RequestTrace, profile/trace.sh): off, a client's
 * {@code x-trace-id} is neither echoed nor recorded; on (a webhook in a JVM of its own), a numbered request is
 * echoed and recorded with its loop and moments in order, and an unnumbered one is not.
 */
@ExtendWith(VertxExtension.class)
class RequestTraceTest {
  private static final String T1 = "2024-05-01T08:00:00Z";
  private static final String REVIEW =
      widgetReview("UPDATE", "status", widget("False", "synced", T1), widget("True", "synced", T1)).toString();

  private static WebClient client(Vertx vertx) {
    return WebClient.create(vertx, new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
        .setProtocolVersion(HttpVersion.HTTP_1_1));
  }

  private static HttpResponse<Buffer> post(WebClient client, int port, String traceId) {
    var request = client.post(port, "127.0.0.1", "/validate").putHeader("content-type", "application/json");
    if (traceId != null) {
      request.putHeader("x-trace-id", traceId);
    }
    HttpResponse<Buffer> response = await(request.sendBuffer(Buffer.buffer(REVIEW)));
    assertEquals(200, response.statusCode(), response.bodyAsString());
    return response;
  }

  @Test
  void offByDefaultNothingIsEchoed(Vertx vertx) {
    TestWebhooks.Running running = TestWebhooks.start(WebhookOptions.selfSigned(0));
    try {
      HttpResponse<Buffer> response = post(client(vertx), running.port(), "42");
      assertNull(response.getHeader("x-trace-id"));
    } finally {
      await(running.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void onANumberedRequestIsEchoedAndRecordedInOrder(Vertx vertx, @TempDir Path dir) throws Exception {
    Path trace = dir.resolve("trace.tsv");
    try (ChildWebhook webhook = ChildWebhook.start(dir,
        List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dcondlint.requestTrace=" + trace),
        List.of("--self-signed", "--host", "127.0.0.1", "--port", "0", "--probe-port", "0", "--event-loops", "2"))) {
      int port = webhook.portLogged("listening");
      WebClient client = client(vertx);
      assertEquals("1234567", post(client, port, "1234567").getHeader("x-trace-id"));
      assertNull(post(client, port, null).getHeader("x-trace-id"));
      webhook.terminate();
      webhook.awaitExit(Duration.ofSeconds(30));
    }
    List<String> lines = Files.readAllLines(trace, StandardCharsets.UTF_8);
    assertEquals(3, lines.size(), lines.toString());
    assertTrue(lines.get(0).matches("# uptimeOffsetNanos\t-?\\d+"), lines.get(0));
    assertEquals("# id\tloop\thead\tbody\tdecided\twritten\tcpuAtBody\tcpuAtWritten", lines.get(1));
    long[] row = java.util.Arrays.stream(lines.get(2).split("\t")).mapToLong(Long::parseLong).toArray();
    assertEquals(8, row.length, lines.get(2));
    assertEquals(1234567, row[0]);
    assertTrue(row[1] >= 0, "the event loop's number: " + lines.get(2));
    assertTrue(0 < row[2] && row[2] <= row[3] && row[3] <= row[4] && row[4] <= row[5],
        "head <= body <= decided <= written: " + lines.get(2));
    // Decided on the loop (20 KB is under --inline-max-bytes): the loop's CPU over the decision.
    assertTrue(0 < row[6] && row[6] < row[7], "the loop thread's CPU at body and at written: " + lines.get(2));
  }
}
