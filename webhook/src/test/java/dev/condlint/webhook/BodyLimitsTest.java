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
import io.vertx.core.http.PoolOptions;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * No cheap bypass of enforce mode: a body holds of the in-flight bound only what has arrived, never what
 * it declares; one that stops sending loses it within the stall timeout; and when the bound is reached,
 * the connection holding the most gives way. A review that would be denied is denied, whoever holds
 * connections open, and one that cannot be checked gets 503 (the cluster's failurePolicy decides), never
 * "allowed".
 */
@ExtendWith(VertxExtension.class)
class BodyLimitsTest {
  private static final String T1 = "2024-05-01T08:00:00Z";

  private record Answer(int status, String body) {}

  private static Future<Answer> answer(HttpClientRequest request) {
    return request.response().compose(r -> r.body().map(b -> new Answer(r.statusCode(), b.toString())));
  }

  /** A review the test rules deny in enforce mode: its Ready condition is False. */
  private static String denied(String uid, int padding) {
    ObjectNode object = (ObjectNode) widget("False", "Synced", T1);
    ((ObjectNode) object.get("status")).put("notes", "x".repeat(padding));
    ObjectNode review = widgetReview("UPDATE", "status", object, widget("True", "Synced", T1));
    ((ObjectNode) review.get("request")).put("uid", uid);
    return review.toString();
  }

  private static Answer send(HttpClient client, int port, String body) {
    return await(client.request(HttpMethod.POST, port, "127.0.0.1", "/validate").compose(r -> {
      Future<Answer> a = answer(r);
      r.putHeader("content-type", "application/json").end(body);
      return a;
    }));
  }

  private static void assertDenied(Answer answer, String uid) {
    assertEquals(200, answer.status(), answer.body());
    JsonNode response = Reviews.json(answer.body()).path("response");
    assertEquals(uid, response.path("uid").asText());
    assertFalse(response.path("allowed").asBoolean(), answer.body());
  }

  private static HttpClient clients(Vertx vertx, int connections) {
    return vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false),
        new PoolOptions().setHttp1MaxSize(connections));
  }

  /**
   * The SRE's bypass: nine connections declare 2.85 MB each and send one byte. Before, that reserved the
   * whole bound for the read timeout, and a review enforce mode denies was allowed unchecked. Now they
   * hold nine bytes (and the cost of a chunk each), the review is denied, and after the stall timeout
   * they get 408 and hold nothing.
   */
  @Test
  void bodiesThatDeclareMuchAndSendLittleHoldWhatTheySentAndLoseItWhenTheyStall(Vertx vertx) throws Exception {
    // Nine declared bodies fill the bound exactly, as in the SRE's run.
    int bound = 9 * 2_850_000;
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withMaxInflightBytes(bound).withBodyStallTimeout(Duration.ofSeconds(3)));
    try {
      HttpClient client = clients(vertx, 10);
      List<Future<Answer>> hogs = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        HttpClientRequest hog = await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate"));
        hog.putHeader("content-type", "application/json").putHeader("content-length", "2850000");
        hogs.add(answer(hog));
        await(hog.write("{"));
      }
      Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(server),
          bytes -> bytes == 9 * (1 + Body.CHUNK_OVERHEAD));
      assertDenied(send(client, server.port(), denied("denied-1", 0)), "denied-1");
      for (Future<Answer> hog : hogs) {
        assertEquals(new Answer(408, "{\"code\":408,\"error\":\"no byte of the body arrived for 3000 ms\"}"), await(hog));
      }
      Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(server), bytes -> bytes == 0);
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /**
   * A connection that has sent most of the bound gives way as soon as another needs the room: its body is
   * not checked (503), and the other's review is denied.
   */
  @Test
  void atTheBoundTheConnectionHoldingTheMostGivesWay(Vertx vertx) throws Exception {
    int bound = 200_000;
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(bound, Duration.ofSeconds(20)).withMaxInflightBytes(bound)
        .withBodyStallTimeout(Duration.ofSeconds(5)));
    try {
      HttpClient client = clients(vertx, 4);
      HttpClientRequest hog = await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate"));
      hog.putHeader("content-type", "application/json").putHeader("content-length", String.valueOf(bound));
      Future<Answer> hogAnswer = answer(hog);
      await(hog.write("{\"padding\": \"" + "x".repeat(180_000)));
      Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(server), bytes -> bytes > 180_000);

      // 30 KB more do not fit beside it: the hog, holding the most, gives way.
      assertDenied(send(client, server.port(), denied("denied-2", 30_000)), "denied-2");
      assertEquals(new Answer(503, "{\"code\":503,\"error\":\"condlint was at its bound of 200000 bytes held for reviews"
          + " in flight and did not check the review; the webhook's failurePolicy decides\"}"), await(hogAnswer));
      Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(server), bytes -> bytes == 0);
      assertTrue(server.probe("/metrics").body().contains("condlint_admission_unchecked_total{reason=\"bound\",} 1.0"));
      List<String> reasons = server.logLines().stream().map(Reviews::json)
          .filter(l -> l.path("msg").asText().equals("review not checked"))
          .map(l -> l.path("reason").asText() + " " + l.path("path").asText()).toList();
      assertEquals(List.of("bound reading"), reasons);
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /** A connection may hold at most its share: past it, its own body is not checked, though the bound has room. */
  @Test
  void aConnectionHoldsAtMostItsShare(Vertx vertx) {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withLimits(100_000, Duration.ofSeconds(20)).withMaxInflightBytes(1_000_000, 100_000));
    try {
      HttpClient client = clients(vertx, 2);
      // Its decoded objects, and what evaluating them takes, fit in the share.
      assertDenied(send(client, server.port(), denied("fits", 20_000)), "fits");
      // Just under --max-body-bytes, so over the share once the chunks' cost is counted.
      Answer over = send(client, server.port(), denied("over", 99_000 - denied("", 0).length()));
      assertEquals(new Answer(503, "{\"code\":503,\"error\":\"condlint was at its bound of 1000000 bytes held for reviews"
          + " in flight, 100000 per connection, and did not check the review; the webhook's failurePolicy decides\"}"),
          over);
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
