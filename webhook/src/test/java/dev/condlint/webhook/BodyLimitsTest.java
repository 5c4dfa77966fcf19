package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.admission.Reviews;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.junit5.VertxExtension;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bytes of bodies in flight, at their bound: a review whose uid comes first is allowed unchecked,
 * with or without a Content-Length; one whose uid comes after 64 KiB of objects gets 429; a body that
 * does not arrive within the read timeout gets 408 and gives its bytes back.
 */
@ExtendWith(VertxExtension.class)
class BodyLimitsTest {
  private static final String T1 = "2024-05-01T08:00:00Z";
  private static final int BOUND = 100_000;

  private record Answer(int status, String retryAfter, String body) {}

  private static Future<Answer> answer(HttpClientRequest request) {
    return request.response().compose(r -> r.body().map(b -> new Answer(r.statusCode(), r.getHeader("retry-after"),
        b.toString())));
  }

  private static String review(String uid) {
    ObjectNode review = widgetReview("CREATE", "", widget("True", "Synced", T1), null);
    ((ObjectNode) review.get("request")).put("uid", uid);
    return review.toString();
  }

  @Test
  void atTheBoundReviewsAreAllowedUncheckedOrRefusedAndASlowBodyGivesItsBytesBack(Vertx vertx) {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withLimits(BOUND, Duration.ofSeconds(8)).withMaxInflightBytes(BOUND)
        .withConnectionTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(60)));
    try {
      HttpClient client = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
          .setVerifyHost(false).setMaxPoolSize(8));
      // A body that takes the whole bound, and whose rest never comes.
      HttpClientRequest slow = await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate"));
      slow.putHeader("content-length", String.valueOf(BOUND));
      await(slow.write("{\"apiVersion\": "));
      Future<Answer> slowAnswer = answer(slow);

      Answer uidFirst = await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate")
          .compose(r -> {
            Future<Answer> a = answer(r);
            r.end(review("uid-first"));
            return a;
          }));
      assertEquals(200, uidFirst.status());
      JsonNode allowed = Reviews.json(uidFirst.body());
      assertEquals("uid-first", allowed.path("response").path("uid").asText());
      assertEquals(List.of("condlint was at its bound of 100000 bytes of reviews in flight and allowed the request"
          + " unchecked"), TestWebhooks.warnings(allowed));

      Answer chunked = await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate")
          .compose(r -> {
            Future<Answer> a = answer(r);
            r.setChunked(true);
            String body = review("uid-chunked");
            r.write(body.substring(0, 100));
            r.end(body.substring(100));
            return a;
          }));
      assertEquals(200, chunked.status());
      assertEquals("uid-chunked", Reviews.json(chunked.body()).path("response").path("uid").asText());

      // The uid after 80 KB of object: nothing to answer the review with.
      String late = "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {"
          + "\"object\": {\"padding\": \"" + "x".repeat(80_000) + "\"}, \"uid\": \"late\", \"operation\": \"CREATE\"}}";
      Answer refused = await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate")
          .compose(r -> {
            Future<Answer> a = answer(r);
            r.end(late);
            return a;
          }));
      assertEquals(new Answer(429, "1", "{\"code\":429,\"error\":\"condlint is at its bound of 100000 bytes of reviews"
          + " in flight and cannot allow this one unchecked: its uid does not come before its objects; retry\"}"), refused);

      assertEquals(new Answer(408, null, "{\"code\":408,\"error\":\"the body did not arrive within 1000 ms\"}"),
          await(slowAnswer));
      // Its bytes are back: the next review is decided.
      String decided = await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate")
          .compose(r -> r.send(review("after")).compose(HttpClientResponse::body))).toString();
      assertEquals(List.of(), TestWebhooks.warnings(Reviews.json(decided)));
      List<JsonNode> decisions = server.logLines().stream().map(Reviews::json)
          .filter(l -> l.path("msg").asText().equals("decision")).toList();
      assertEquals(List.of("over-budget", "over-budget", "event-loop"),
          decisions.stream().map(l -> l.path("path").asText()).toList());
      // An over-budget review is logged as the head before its objects tells it.
      assertEquals("uid-first CREATE Widget default w1 false", Stream.of("uid", "operation", "kind", "namespace", "name",
          "dryRun").map(f -> decisions.get(0).path(f).asText()).collect(Collectors.joining(" ")));
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
