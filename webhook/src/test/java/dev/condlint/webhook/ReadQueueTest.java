package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.admission.AdmissionMode;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The read queue, through real HTTPS clients: with more large bodies at once than the webhook reads at
 * once, the first ones are read and decided, the next wait unread for their turn and are decided too,
 * and the rest are answered 503 at once (not checked: the cluster's failurePolicy decides), never
 * "allowed". A body that stalls gives its place up; one whose turn comes too late is not read.
 */
@ExtendWith(VertxExtension.class)
class ReadQueueTest {
  private static final String T1 = "2024-05-01T08:00:00Z";
  // Larger than what is read of a waiting body (ReadQueue.PREFIX_BYTES), so the rest waits unread.
  private static final int BODY_BYTES = 1_000_000;

  private record Answer(int status, String body) {}

  private static Future<Answer> answer(HttpClientRequest request) {
    return request.response().compose(r -> r.body().map(b -> new Answer(r.statusCode(), b.toString())));
  }

  /** A review of exactly {@value #BODY_BYTES} bytes that the test rules deny in enforce mode (Ready is False). */
  private static byte[] denied(String uid) {
    ObjectNode object = (ObjectNode) widget("False", "Synced", T1);
    ((ObjectNode) object.get("status")).put("notes", "");
    ObjectNode review = widgetReview("UPDATE", "status", object, widget("True", "Synced", T1));
    ((ObjectNode) review.get("request")).put("uid", uid);
    int bare = review.toString().length();
    ((ObjectNode) object.get("status")).put("notes", "x".repeat(BODY_BYTES - bare));
    byte[] bytes = review.toString().getBytes(StandardCharsets.UTF_8);
    assertEquals(BODY_BYTES, bytes.length);
    return bytes;
  }

  private static void assertDenied(Answer answer, String uid) {
    assertEquals(200, answer.status(), answer.body());
    JsonNode response = Reviews.json(answer.body()).path("response");
    assertEquals(uid, response.path("uid").asText());
    assertFalse(response.path("allowed").asBoolean(), answer.body());
    assertEquals(422, response.path("status").path("code").asInt(), answer.body());
  }

  private static String notRead(long reading, int waiting, long readTimeoutMs) {
    return "{\"code\":503,\"error\":\"condlint could not read the review in time (it reads bodies declaring at most "
        + reading + " bytes at once, with at most " + waiting + " waiting, within the " + readTimeoutMs
        + " ms read timeout) and did not check the review; the webhook's failurePolicy decides\"}";
  }

  private static HttpClient http2(Vertx vertx) {
    return vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
        .setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true).setHttp2MultiplexingLimit(100),
        new PoolOptions().setHttp2MaxSize(1));
  }

  /**
   * A request whose headers are sent, its answer, and the close of its connection. Vert.x's client drops
   * the chunks of a response that arrive before a handler reads them, so the answer's handlers are set
   * before the headers go out: the webhook may answer as soon as it has them (a 503 for a body not read),
   * and an answer read only after {@code sendHead} completed was empty when it came first.
   */
  private record Exchange(HttpClientRequest request, Future<Answer> answer, Future<Void> closed) {}

  /** Opens a request on the connection and sends its headers, declaring {@value #BODY_BYTES} bytes. */
  private static Exchange open(HttpClient client, int port) {
    HttpClientRequest request = await(client.request(new RequestOptions().setMethod(HttpMethod.POST)
        .setHost("127.0.0.1").setPort(port).setURI("/validate")));
    request.putHeader("content-type", "application/json").putHeader("content-length", String.valueOf(BODY_BYTES));
    Future<Answer> answer = answer(request);
    io.vertx.core.Promise<Void> closed = io.vertx.core.Promise.promise();
    request.connection().closeHandler(v -> closed.tryComplete());
    await(request.sendHead());
    return new Exchange(request, answer, closed.future());
  }

  private static List<String> notCheckedReasons(TestWebhooks.Running server) {
    return server.logLines().stream().map(Reviews::json)
        .filter(l -> l.path("msg").asText().equals("review not checked"))
        .map(l -> l.path("reason").asText() + " " + l.path("path").asText()).toList();
  }

  /**
   * Six 1 MB reviews on one HTTP/2 connection (as the API server sends them) to a webhook that reads
   * two at once and lets two wait: the first two are read and denied, the next two wait unread and are
   * denied after them, and the last two are answered 503 as they arrive, before a byte of their body.
   */
  @Test
  void theFirstBodiesAreReadTheNextWaitAndTheRestAreNotCheckedAtOnce(Vertx vertx) throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofSeconds(30))
        .withConnectionTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(60))
        .withBodyStallTimeout(Duration.ofSeconds(30))
        .withReadQueue(2L * BODY_BYTES, 2));
    try {
      HttpClient client = http2(vertx);
      List<HttpClientRequest> requests = new ArrayList<>();
      List<Future<Answer>> answers = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        Exchange exchange = open(client, server.port());
        requests.add(exchange.request());
        answers.add(exchange.answer());
      }
      // The last two: not read, answered as they arrived.
      assertEquals(new Answer(503, notRead(2L * BODY_BYTES, 2, 60_000)), await(answers.get(4)));
      assertEquals(new Answer(503, notRead(2L * BODY_BYTES, 2, 60_000)), await(answers.get(5)));
      String metrics = server.probe("/metrics").body();
      assertTrue(metrics.contains("condlint_reading_waiting 2.0"), metrics);
      assertTrue(metrics.contains("condlint_reading_body_bytes 2000000.0"), metrics);

      for (int i = 0; i < 4; i++) {
        requests.get(i).end(Buffer.buffer(denied("review-" + i)));
      }
      for (int i = 0; i < 4; i++) {
        assertDenied(await(answers.get(i)), "review-" + i);
      }
      assertEquals(List.of("reading reading", "reading reading"), notCheckedReasons(server));
      Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(server), bytes -> bytes == 0);
      metrics = server.probe("/metrics").body();
      assertTrue(metrics.contains("condlint_reading_waiting 0.0"), metrics);
      assertTrue(metrics.contains("condlint_reading_body_bytes 0.0"), metrics);
      assertTrue(metrics.contains("condlint_admission_unchecked_total{reason=\"reading\",} 2.0"), metrics);
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /**
   * A body that is read and stops gives its place to the one waiting: it gets 408 after the stall
   * timeout, and the waiting review is read and denied. Holding the only place costs sending.
   */
  @Test
  void aStalledBodyGivesItsPlaceToTheNext(Vertx vertx) throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofSeconds(30))
        .withConnectionTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(60))
        .withBodyStallTimeout(Duration.ofSeconds(2))
        .withReadQueue(BODY_BYTES, 4));
    try {
      HttpClient client = http2(vertx);
      Exchange stalled = open(client, server.port());
      await(stalled.request().write(Buffer.buffer(denied("stalled")).slice(0, 300_000)));
      Exchange next = open(client, server.port());
      next.request().end(Buffer.buffer(denied("next")));

      assertEquals(new Answer(408, "{\"code\":408,\"error\":\"no byte of the body arrived for 2000 ms\"}"),
          await(stalled.answer()));
      assertDenied(await(next.answer()), "next");
      assertEquals(List.of(), notCheckedReasons(server));
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /**
   * A body whose turn would come too late to arrive within the read timeout is not read: with a 2 s
   * read timeout (a quarter of it, 500 ms, is the least left to read a body), the one waiting behind a
   * stalled body is answered 503 1.5 s after its headers, before the stalled one gets its 408 at 2 s.
   */
  @Test
  void aBodyWhoseTurnComesTooLateIsNotRead(Vertx vertx) throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofSeconds(30))
        .withConnectionTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(60))
        .withBodyStallTimeout(Duration.ofSeconds(3))
        .withReadQueue(BODY_BYTES, 4));
    try {
      HttpClient client = http2(vertx);
      Exchange stalled = open(client, server.port());
      await(stalled.request().write(Buffer.buffer(denied("stalled")).slice(0, 300_000)));
      Exchange late = open(client, server.port());
      late.request().end(Buffer.buffer(denied("late")));

      assertEquals(new Answer(503, notRead(BODY_BYTES, 4, 2_000)), await(late.answer()));
      assertFalse(stalled.answer().isComplete());
      assertEquals(new Answer(408, "{\"code\":408,\"error\":\"the body did not arrive within 2000 ms\"}"),
          await(stalled.answer()));
      assertEquals(List.of("reading reading"), notCheckedReasons(server));
      Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(server), bytes -> bytes == 0);
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /**
   * Over HTTP/1.1 a request that finds no place is answered 503 at once and its connection closed (its
   * body is still in the way); the one being read is denied.
   */
  @Test
  void overHttp1ARequestWithNoPlaceIsAnsweredAtOnceAndItsConnectionClosed(Vertx vertx) throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofSeconds(30))
        .withConnectionTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(60))
        .withBodyStallTimeout(Duration.ofSeconds(30))
        .withReadQueue(BODY_BYTES, 0));
    try {
      HttpClient client = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
          .setVerifyHost(false), new PoolOptions().setHttp1MaxSize(2));
      Exchange first = open(client, server.port());
      Exchange second = open(client, server.port());
      assertEquals(new Answer(503, notRead(BODY_BYTES, 0, 60_000)), await(second.answer()));
      await(second.closed());
      first.request().end(Buffer.buffer(denied("first")));
      assertDenied(await(first.answer()), "first");
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
