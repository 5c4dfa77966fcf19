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
import java.io.IOException;
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
   * A stream the client opened before it read the GOAWAY is accepted and answered, as RFC 9113 section
   * 6.8 asks: the first GOAWAY names the largest stream id and is followed by a PING; only after the
   * client's answer does the final GOAWAY name the last stream taken. Frame by frame, as a client
   * library would retry or hide what happens.
   */
  @Test
  void aStreamSentBeforeTheClientReadTheGoAwayIsAnswered() throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0));
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      h2.post(1, "/validate", review(1));
      List<String> first = new ArrayList<>();
      while (!first.contains("DATA 1 end")) {
        first.add(describe(h2.read()));
      }
      Future<Void> stopped = server.webhook().shutdown(Duration.ofSeconds(10));
      Http2Frames.Frame goAway = skipUntil(h2, Http2Frames.GOAWAY);
      assertEquals(Integer.MAX_VALUE, goAway.lastStreamId());
      Http2Frames.Frame ping = skipUntil(h2, Http2Frames.PING);
      // In flight when the GOAWAY came: stream 3, then the PING's answer.
      h2.post(3, "/validate", review(3));
      h2.write(Http2Frames.PING, Http2Frames.ACK, 0, ping.payload());
      List<String> rest = new ArrayList<>();
      String answer = "";
      try {
        while (true) {
          Http2Frames.Frame frame = h2.read();
          if (frame.type() == Http2Frames.DATA && frame.stream() == 3) {
            answer += new String(frame.payload(), StandardCharsets.UTF_8);
          }
          if (List.of(Http2Frames.HEADERS, Http2Frames.DATA, Http2Frames.GOAWAY).contains(frame.type())) {
            rest.add(describe(frame));
          }
        }
      } catch (IOException closed) {
        // The server closed the connection once stream 3 was answered.
      }
      assertEquals(List.of("HEADERS 3 :status 200", "DATA 3 end", "GOAWAY last 3"), rest);
      assertEquals("uid-3", Reviews.json(answer).path("response").path("uid").asText());
      await(stopped);
    }
  }

  private static Http2Frames.Frame skipUntil(Http2Frames h2, int type) throws IOException {
    Http2Frames.Frame frame = h2.read();
    while (frame.type() != type) {
      frame = h2.read();
    }
    return frame;
  }

  /** "HEADERS 3 :status 200", "DATA 3 end" (its last), "GOAWAY last 3". */
  private static String describe(Http2Frames.Frame frame) {
    return switch (frame.type()) {
      case Http2Frames.HEADERS -> "HEADERS " + frame.stream() + " :status " + frame.status();
      case Http2Frames.DATA -> "DATA " + frame.stream() + ((frame.flags() & Http2Frames.END_STREAM) != 0 ? " end" : "");
      case Http2Frames.GOAWAY -> "GOAWAY last " + frame.lastStreamId();
      default -> "type " + frame.type();
    };
  }

  /**
   * Blocks every event loop of the client's Vert.x, so that it reads nothing, until {@code done} holds
   * (at most 20 s), and then 200 ms more: time for a server that thinks it is done to close.
   */
  private static void stopReadingUntil(Vertx vertx, java.util.function.BooleanSupplier done) throws Exception {
    java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
    List<io.netty.util.concurrent.EventExecutor> loops = new ArrayList<>();
    vertx.nettyEventLoopGroup().forEach(loops::add);
    try {
      HeldThreads.holdUntil(released, loops);
      Polling.waitUntil(Duration.ofSeconds(20), done::getAsBoolean);
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
  static void awaitActiveRequests(int probePort, int expected) throws Exception {
    Polling.eventually(Duration.ofSeconds(20),
        () -> TestWebhooks.probe(probePort, "/metrics").body().lines()
            .filter(l -> l.startsWith("vertx_http_server_active_requests")).toList(),
        active -> active.stream().mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum()
            == expected + 1);
  }

  private static Throwable failure(Future<?> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().handle((r, e) -> e)
        .get(10, java.util.concurrent.TimeUnit.SECONDS);
  }
}
