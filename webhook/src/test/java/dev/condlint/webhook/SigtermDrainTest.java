package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.admission.Reviews;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.GoAway;
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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a real {@code condlint-webhook} process while HTTP/2 streams are in flight on one
 * connection, as the API server multiplexes them: every accepted stream gets its whole answer, the
 * client is sent a GOAWAY, new connections are refused, and the process ends with its last log line.
 */
@ExtendWith(VertxExtension.class)
class SigtermDrainTest {
  private static final int STREAMS = 50;

  private record Answer(int status, Buffer body) {}

  @Test
  void everyAcceptedStreamIsAnsweredInFullAcrossSigterm(Vertx vertx, @TempDir Path dir) throws Exception {
    try (ChildWebhook webhook = ChildWebhook.start(dir, List.of("-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"),
        List.of("--self-signed", "--host", "127.0.0.1", "--port", "0", "--probe-port", "0", "--shutdown-grace", "20s"))) {
      int port = webhook.portLogged("listening");
      int probePort = webhook.portLogged("probes listening");
      HttpClientOptions h2 = new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
          .setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true).setHttp2MultiplexingLimit(STREAMS * 2);
      HttpClient client = vertx.createHttpClient(h2, new PoolOptions().setHttp2MaxSize(1));

      // Each stream sends its headers and half its body: the server has accepted it and waits for the rest.
      List<byte[]> bodies = IntStream.range(0, STREAMS).mapToObj(SigtermDrainTest::review).toList();
      List<HttpClientRequest> requests = new ArrayList<>();
      for (byte[] body : bodies) {
        HttpClientRequest request = await(client.request(new RequestOptions().setMethod(HttpMethod.POST)
            .setHost("127.0.0.1").setPort(port).setURI("/validate")));
        request.putHeader("content-type", "application/json").putHeader("content-length", String.valueOf(body.length));
        await(request.write(Buffer.buffer(body).slice(0, body.length / 2)));
        requests.add(request);
      }
      assertEquals(1, requests.stream().map(HttpClientRequest::connection).distinct().count(), "one connection");
      Promise<GoAway> goAway = Promise.promise();
      requests.get(0).connection().goAwayHandler(goAway::tryComplete);
      awaitActiveRequests(probePort, STREAMS);

      webhook.terminate();
      webhook.awaitLine(l -> l.path("msg").asText().equals("shutting down"), Duration.ofSeconds(10));
      assertNotNull(await(goAway.future()));
      HttpClient fresh = vertx.createHttpClient(h2);
      assertNotNull(failure(fresh.request(HttpMethod.POST, port, "127.0.0.1", "/validate")
              .compose(r -> r.send(Buffer.buffer(bodies.get(0))))),
          "a new connection after the GOAWAY must be refused");

      // The rest of each body. Then the client stops reading, as a busy client does, until the server has
      // decided every stream: its answers wait in the server, held back by HTTP/2 flow control.
      List<Future<Answer>> answers = new ArrayList<>();
      List<Future<Void>> sent = new ArrayList<>();
      for (int i = 0; i < STREAMS; i++) {
        HttpClientRequest request = requests.get(i);
        answers.add(request.response().compose(r -> r.body().map(body -> new Answer(r.statusCode(), body))));
        sent.add(request.end(Buffer.buffer(bodies.get(i)).slice(bodies.get(i).length / 2, bodies.get(i).length)));
      }
      sent.forEach(TestWebhooks::await);
      stopReadingUntil(vertx, () -> decisions(webhook) == STREAMS);
      List<String> answered = new ArrayList<>();
      long bytes = 0;
      for (int i = 0; i < STREAMS; i++) {
        Answer answer = await(answers.get(i));
        assertEquals(200, answer.status());
        bytes += answer.body().length();
        JsonNode review = Reviews.json(answer.body().toString(StandardCharsets.UTF_8));
        assertTrue(review.path("response").path("allowed").asBoolean(), review.toString());
        answered.add(review.path("response").path("uid").asText());
      }
      assertEquals(IntStream.range(0, STREAMS).mapToObj(i -> "uid-" + i).toList(), answered);
      assertTrue(bytes > 65_535, "the answers must not fit in one HTTP/2 window: " + bytes + " bytes");

      webhook.awaitExit(Duration.ofSeconds(30));
      List<JsonNode> logged = webhook.stdout().stream().map(Reviews::json).toList();
      assertEquals(STREAMS, decisions(webhook));
      assertEquals("stopped", logged.get(logged.size() - 1).path("msg").asText(), webhook.stdout().toString());
    }
  }

  /**
   * Blocks every event loop of the client's Vert.x, so that it reads nothing, until {@code done} holds
   * (at most 20 s), and then 200 ms more: time for a server that thinks it is done to close.
   */
  private static void stopReadingUntil(Vertx vertx, java.util.function.BooleanSupplier done) throws Exception {
    java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
    List<io.netty.util.concurrent.EventExecutor> loops = new ArrayList<>();
    vertx.nettyEventLoopGroup().forEach(loops::add);
    java.util.concurrent.CountDownLatch all = new java.util.concurrent.CountDownLatch(loops.size());
    for (io.netty.util.concurrent.EventExecutor loop : loops) {
      loop.execute(() -> {
        all.countDown();
        try {
          released.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
    try {
      all.await();
      long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (!done.getAsBoolean() && System.nanoTime() < until) {
        Thread.sleep(20);
      }
      Thread.sleep(200);
    } finally {
      released.countDown();
    }
  }

  static long decisions(ChildWebhook webhook) {
    return webhook.stdout().stream().map(Reviews::json).filter(l -> l.path("msg").asText().equals("decision")).count();
  }

  /** A status write with enough findings for an answer of several KB; its uid is {@code uid-N}. */
  private static byte[] review(int n) {
    String conditions = IntStream.range(0, 40)
        .mapToObj(i -> "{\"type\": \"lowercase" + i + "\", \"status\": \"True\", \"reason\": \"Checked\","
            + " \"message\": \"m\", \"lastTransitionTime\": \"2024-05-01T08:00:00Z\"}")
        .collect(Collectors.joining(","));
    JsonNode object = Reviews.json("{\"apiVersion\": \"example.com/v1\", \"kind\": \"Widget\","
        + " \"metadata\": {\"name\": \"w" + n + "\", \"namespace\": \"default\"},"
        + " \"status\": {\"conditions\": [" + conditions + "]}}");
    ObjectNode review = Reviews.widgetReview("UPDATE", "status", object, object);
    ((ObjectNode) review.get("request")).put("uid", "uid-" + n);
    return review.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Waits until the server counts this many requests in progress (its own HTTP metrics), besides the
   * scrape that asks.
   */
  static void awaitActiveRequests(int probePort, int expected) throws InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    List<String> active = List.of();
    while (System.nanoTime() < until) {
      active = TestWebhooks.probe(probePort, "/metrics").body().lines()
          .filter(l -> l.startsWith("vertx_http_server_active_requests")).toList();
      if (active.stream().mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum()
          == expected + 1) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the server counts other than " + expected + " requests in progress: " + active);
  }

  private static Throwable failure(Future<?> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().handle((r, e) -> e)
        .get(10, java.util.concurrent.TimeUnit.SECONDS);
  }
}
