package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static dev.condlint.webhook.TestWebhooks.warnings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.admission.Reviews;
import dev.condlint.certs.SelfSignedCertificates;
import dev.condlint.certs.ServingCertificate;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Reloading certificates and configuration, the request deadline, and graceful shutdown. */
@ExtendWith(VertxExtension.class)
class LifecycleTest {
  private static final String T1 = "2024-05-01T08:00:00Z";

  /** Writes a certificate the way the kubelet updates a Secret volume: a new dir, then an atomic {@code ..data} swap. */
  static void mountSecret(Path dir, ServingCertificate certificate, String version) throws Exception {
    Path data = dir.resolve("..v" + version);
    Files.createDirectories(data);
    Files.writeString(data.resolve("tls.crt"), certificate.certificatePem());
    Files.writeString(data.resolve("tls.key"), certificate.privateKeyPem());
    Path link = dir.resolve("..data_tmp");
    Files.deleteIfExists(link);
    Files.createSymbolicLink(link, data.getFileName());
    Files.move(link, dir.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    for (String file : List.of("tls.crt", "tls.key")) {
      if (!Files.exists(dir.resolve(file), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        Files.createSymbolicLink(dir.resolve(file), Path.of("..data", file));
      }
    }
  }

  /** Writes a file the way the kubelet updates a ConfigMap volume: a new dir, then an atomic {@code ..data} swap. */
  static void mountConfigMap(Path dir, String file, String text, String version) throws Exception {
    Path data = dir.resolve("..v" + version);
    Files.createDirectories(data);
    Files.writeString(data.resolve(file), text);
    Path link = dir.resolve("..data_tmp");
    Files.deleteIfExists(link);
    Files.createSymbolicLink(link, data.getFileName());
    Files.move(link, dir.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    if (!Files.exists(dir.resolve(file), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(dir.resolve(file), Path.of("..data", file));
    }
  }

  static ObjectNode sleepingReview(long ms) {
    ObjectNode object = (ObjectNode) widget("True", "Synced", T1);
    ((ObjectNode) object.get("metadata")).putObject("annotations").put(TestWebhooks.SLEEP_ANNOTATION, String.valueOf(ms));
    return widgetReview("CREATE", "", object, null);
  }

  @Test
  void certificateReloadDuringAStreamOfRequestsFailsNone(Vertx vertx, @TempDir Path dir) throws Exception {
    ServingCertificate first = SelfSignedCertificates.local(Duration.ofDays(30));
    mountSecret(dir, first, "1");
    WebhookOptions options = WebhookOptions.selfSigned(0).withTls(dir.resolve("tls.crt"), dir.resolve("tls.key"))
        .withTimings(Duration.ofMillis(100), Duration.ofSeconds(5));
    TestWebhooks.Running server = TestWebhooks.start(options);
    // A new client per request: a new connection and no cached TLS session, so every request is a
    // full handshake that sees the certificate served at that moment.
    HttpClientOptions fresh = new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
        .setKeepAlive(false);
    Buffer body = Buffer.buffer(widgetReview("CREATE", "", widget("True", "Synced", T1), null).toString());
    Set<BigInteger> served = new LinkedHashSet<>();
    List<String> failures = new ArrayList<>();
    int requests = 0;
    for (int rotation = 1; rotation <= 4; rotation++) {
      ServingCertificate next = rotation == 1 ? first : SelfSignedCertificates.local(Duration.ofDays(30 + rotation));
      if (rotation > 1) {
        mountSecret(dir, next, String.valueOf(rotation));
      }
      long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      BigInteger seen = null;
      while (!next.certificate().getSerialNumber().equals(seen) && System.nanoTime() < until) {
        requests++;
        HttpClient client = vertx.createHttpClient(fresh);
        try {
          seen = await(client.request(new RequestOptions().setMethod(HttpMethod.POST).setHost("127.0.0.1")
                  .setPort(server.port()).setURI("/validate"))
              .compose(req -> {
                BigInteger serial = ((X509Certificate) sslPeer(req.connection())).getSerialNumber();
                return req.send(body).compose(resp -> resp.statusCode() == 200
                    ? Future.succeededFuture(serial)
                    : Future.failedFuture("status " + resp.statusCode()));
              }));
          served.add(seen);
        } catch (AssertionError e) {
          failures.add(e.getCause().toString());
        } finally {
          await(client.close());
        }
      }
    }
    assertEquals(List.of(), failures, "of " + requests + " requests");
    assertEquals(4, served.size(), "serials served: " + served);
    assertEquals(3, server.logLines().stream().filter(l -> l.contains("\"serving certificate loaded\"")).count() - 1);
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  private static java.security.cert.Certificate sslPeer(io.vertx.core.http.HttpConnection connection) {
    try {
      return connection.peerCertificates().get(0);
    } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void anUnreadableCertificateUpdateKeepsTheOldOne(Vertx vertx, @TempDir Path dir) throws Exception {
    ServingCertificate first = SelfSignedCertificates.local(Duration.ofDays(30));
    mountSecret(dir, first, "1");
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withTls(dir.resolve("tls.crt"), dir.resolve("tls.key")).withTimings(Duration.ofMillis(100), Duration.ofSeconds(5)));
    // A writer that replaced the certificate but not yet the key.
    Path half = dir.resolve("..vhalf");
    Files.createDirectories(half);
    Files.writeString(half.resolve("tls.crt"), SelfSignedCertificates.local(Duration.ofDays(1)).certificatePem());
    Files.copy(dir.resolve("tls.key"), half.resolve("tls.key"));
    Files.createSymbolicLink(dir.resolve("..data_tmp"), half.getFileName());
    Files.move(dir.resolve("..data_tmp"), dir.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    Polling.waitUntil(Duration.ofSeconds(10),
        () -> server.logLines().stream().anyMatch(l -> l.contains("certificate reload failed")));
    String metrics = server.probe("/metrics").body();
    assertTrue(metrics.contains("condlint_reloads_total{file=\"certificate\",result=\"failed\",}"), metrics);
    assertTrue(server.logLines().stream().anyMatch(l -> l.contains("the private key does not belong to the certificate")));
    HttpClient raw = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false));
    BigInteger serial = await(raw.request(HttpMethod.GET, server.port(), "127.0.0.1", "/healthz")
        .map(req -> ((X509Certificate) sslPeer(req.connection())).getSerialNumber()));
    assertEquals(first.certificate().getSerialNumber(), serial);
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  @Test
  void anExpiredCertificateIsNotReady(Vertx vertx, @TempDir Path dir) throws Exception {
    mountSecret(dir, SelfSignedCertificates.generate("old", List.of("127.0.0.1"), Duration.ofSeconds(-30)), "1");
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withTls(dir.resolve("tls.crt"), dir.resolve("tls.key")));
    java.net.http.HttpResponse<String> readyz = server.probe("/readyz");
    assertEquals(503, readyz.statusCode());
    assertEquals("not ready: no valid certificate or rules", readyz.body());
    assertEquals("ok", server.probe("/healthz").body());
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  @Test
  void configurationIsReloadedAndABrokenOneKeepsThePrevious(Vertx vertx, @TempDir Path dir) throws Exception {
    // Each version replaces the file at once, as Kubernetes swaps a ConfigMap's ..data link: a poll never
    // reads a file half written. The broken version stays for several polls and fails once.
    Path config = dir.resolve(".condlint.yaml");
    mountConfigMap(dir, ".condlint.yaml", "profile: k8s\n", "1");
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withConfig(config)
        .withTimings(Duration.ofMillis(100), Duration.ofSeconds(5)));
    mountConfigMap(dir, ".condlint.yaml", "profile: [k8s\n", "2");
    Polling.waitUntil(Duration.ofSeconds(10),
        () -> server.logLines().stream().anyMatch(l -> l.contains("config reload failed")));
    assertTrue(server.logLines().stream().anyMatch(l -> l.contains("config reload failed")
        && l.contains(config + ":")), String.join("\n", server.logLines()));
    Thread.sleep(300);
    mountConfigMap(dir, ".condlint.yaml", "profile: flux\n", "3");
    Polling.waitUntil(Duration.ofSeconds(10), () -> configurationsLoaded(server) >= 2);
    String metrics = server.probe("/metrics").body();
    assertTrue(metrics.contains("condlint_reloads_total{file=\"config\",result=\"ok\",} 1.0"), metrics);
    assertTrue(metrics.contains("condlint_reloads_total{file=\"config\",result=\"failed\",} 1.0"), metrics);
    assertEquals(200, server.probe("/readyz").statusCode());
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  @Test
  void aConfigMapUpdateChangesTheDecisionsWithoutARestart(Vertx vertx, @TempDir Path dir) throws Exception {
    mountConfigMap(dir, ".condlint.yaml", "rules: {}\n", "1");
    TestWebhooks.Running server = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0)
        .withConfig(dir.resolve(".condlint.yaml")).withTimings(Duration.ofMillis(100), Duration.ofSeconds(5)));
    WebClient client = WebClient.create(vertx, new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false));
    Buffer body = Buffer.buffer(widgetReview("UPDATE", "status", widget("True", "synced", T1),
        widget("False", "synced", T1)).toString());
    List<String> before = warnedRules(await(client.post(server.port(), "127.0.0.1", "/validate").sendBuffer(body)));
    assertEquals(List.of("transition-time-bumped-on-status-change", "condition-type-pascalcase"), before);

    mountConfigMap(dir, ".condlint.yaml", "rules:\n  condition-type-pascalcase: \"off\"\n", "2");
    Polling.waitUntil(Duration.ofSeconds(10), () -> configurationsLoaded(server) >= 2);
    List<String> after = warnedRules(await(client.post(server.port(), "127.0.0.1", "/validate").sendBuffer(body)));
    assertEquals(List.of("transition-time-bumped-on-status-change"), after);
    String metrics = server.probe("/metrics").body();
    assertTrue(metrics.contains("condlint_reloads_total{file=\"config\",result=\"ok\",} 1.0"), metrics);
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  /** The rule ids of a response's warnings ({@code SEVERITY RULE-ID at FIELD: message}). */
  private static List<String> warnedRules(HttpResponse<Buffer> response) {
    assertEquals(200, response.statusCode(), response.bodyAsString());
    return warnings(Reviews.json(response.bodyAsString())).stream().map(w -> w.split(" ")[1]).toList();
  }

  /**
   * A body over the inline limit goes to the worker pool, where the answer leaves at the deadline: 503,
   * not checked, so that the webhook's failurePolicy decides. The evaluation does not outlive its answer
   * for long: it stops at the next finding its rule reports, and what it holds stays counted until then.
   * Here the rule waits at a gate before each of its five conditions, so the test sees the evaluation
   * still running (and holding its bytes) after the answer, then stopped after one more condition.
   */
  @Test
  void aRequestOverTheDeadlineIsNotCheckedAndItsEvaluationStopsBetweenTwoItems(Vertx vertx) throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofMillis(300))
        .withMode(dev.condlint.admission.AdmissionMode.ENFORCE)
        .withInlineMaxBytes(64));
    java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
    TestWebhooks.gate = gate;
    int before = TestWebhooks.gatedConditions.get();
    try {
      WebClient client = WebClient.create(vertx, new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false));
      Buffer request = Buffer.buffer(gatedReview(5).toString());
      assertTrue(request.length() > 64);
      HttpResponse<Buffer> response = await(client.post(server.port(), "127.0.0.1", "/validate").sendBuffer(request));
      assertEquals(503, response.statusCode());
      assertEquals("{\"code\":503,\"error\":\"condlint did not finish within 300 ms and did not check the review;"
          + " the webhook's failurePolicy decides\"}", response.bodyAsString());
      assertEquals(null, response.getHeader("retry-after"));
      // Answered, and still evaluating: the rule waits at its first condition, its bytes still held.
      assertEquals(1, TestWebhooks.gatedConditions.get() - before);
      assertTrue(inflightBytes(server) > 0, "the evaluation's bytes were given back before it stopped");
      gate.countDown();
      Polling.eventually(Duration.ofSeconds(10), () -> inflightBytes(server), bytes -> bytes == 0);
      // It reported that condition, reached the checkpoint, and stopped: the other four never came.
      Thread.sleep(200);
      assertEquals(1, TestWebhooks.gatedConditions.get() - before);
      JsonNode line = server.logLines().stream().map(Reviews::json)
          .filter(l -> l.path("msg").asText().equals("review not checked")).findFirst().orElseThrow();
      assertEquals("deadline worker-pool 705ab4f5-6393-11e8-b7cc-42010a800002", line.path("reason").asText() + " " + line.path("path").asText()
          + " " + line.path("uid").asText());
      assertTrue(server.probe("/metrics").body().contains("condlint_admission_unchecked_total{reason=\"deadline\",} 1.0"));
    } finally {
      gate.countDown();
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /** A widget review whose object has {@code conditions} conditions and the annotation that gates {@link TestWebhooks.Gated}. */
  static ObjectNode gatedReview(int conditions) {
    ObjectNode object = (ObjectNode) widget("True", "Synced", T1);
    ((ObjectNode) object.get("metadata")).putObject("annotations").put(TestWebhooks.GATE_ANNOTATION, "true");
    com.fasterxml.jackson.databind.node.ArrayNode list = ((ObjectNode) object.get("status")).putArray("conditions");
    for (int i = 0; i < conditions; i++) {
      list.addObject().put("type", "T" + i).put("status", "True").put("reason", "Checked").put("message", "m")
          .put("lastTransitionTime", T1).put("observedGeneration", 3);
    }
    return widgetReview("CREATE", "", object, null);
  }

  /** {@code condlint_inflight_body_bytes}: what the server holds for requests. */
  static double inflightBytes(TestWebhooks.Running server) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^condlint_inflight_body_bytes ([0-9.E]+)$")
        .matcher(server.probe("/metrics").body());
    assertTrue(m.find());
    return Double.parseDouble(m.group(1));
  }

  /**
   * A decision on the event loop cannot be cut short, but one that took longer than the deadline is
   * answered as the deadline answers on the worker pool: not checked.
   */
  @Test
  void aSmallRequestDecidedOnTheEventLoopOverTheDeadlineIsNotChecked(Vertx vertx) {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofMillis(100))
        .withMode(dev.condlint.admission.AdmissionMode.ENFORCE));
    WebClient client = WebClient.create(vertx, new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false));
    Buffer body = Buffer.buffer(sleepingReview(300).toString());
    assertTrue(body.length() <= WebhookOptions.DEFAULT_INLINE_MAX_BYTES);
    HttpResponse<Buffer> response = await(client.post(server.port(), "127.0.0.1", "/validate").sendBuffer(body));
    assertEquals(503, response.statusCode());
    assertEquals("{\"code\":503,\"error\":\"condlint did not finish within 100 ms and did not check the review;"
        + " the webhook's failurePolicy decides\"}", response.bodyAsString());
    JsonNode line = server.logLines().stream().map(Reviews::json)
        .filter(l -> l.path("msg").asText().equals("review not checked")).findFirst().orElseThrow();
    assertEquals("deadline event-loop", line.path("reason").asText() + " " + line.path("path").asText());
    assertEquals(0.0, inflightBytes(server));
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  @Test
  void shutdownStopsAcceptingAndFinishesRequestsInFlight(Vertx vertx) throws Exception {
    // Gated rules stand for slow bodies over the inline limit: they run on the worker pool and wait at
    // the gate, so all eight requests are in flight at once however slowly they arrive (on a loaded
    // machine the connections' handshakes can take longer than any fixed work would).
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withTimings(Duration.ofSeconds(2), Duration.ofSeconds(10))
        .withLimits(WebhookOptions.DEFAULT_MAX_BODY, Duration.ofSeconds(20))
        .withInlineMaxBytes(0));
    java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
    try {
      int port = server.port();
      WebClientOptions tls = new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false);
      // One kept-alive HTTP/1.1 connection, opened before the shutdown and idle when it starts.
      WebClient kept = WebClient.create(vertx, new WebClientOptions(tls).setMaxPoolSize(1));
      Buffer quick = Buffer.buffer(sleepingReview(0).toString());
      assertEquals(200, await(kept.post(port, "127.0.0.1", "/validate").sendBuffer(quick)).statusCode());
      TestWebhooks.gate = gate;
      WebClient http1 = WebClient.create(vertx, new WebClientOptions(tls).setMaxPoolSize(8));
      WebClient http2 = WebClient.create(vertx, new WebClientOptions(tls).setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true));
      Buffer slow = Buffer.buffer(gatedReview(1).toString());
      List<Future<HttpResponse<Buffer>>> inFlight = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        inFlight.add(http1.post(port, "127.0.0.1", "/validate").sendBuffer(slow));
        inFlight.add(http2.post(port, "127.0.0.1", "/validate").sendBuffer(slow));
      }
      // All eight in flight before the shutdown, or the test says so: what follows would not test a drain.
      Polling.eventually(Duration.ofSeconds(10), () -> server.webhook().inFlight(), count -> count >= 8);
      Future<Void> stopped = server.webhook().shutdown(Duration.ofSeconds(10));
      assertTrue(failure(WebClient.create(vertx, tls).post(port, "127.0.0.1", "/validate").sendBuffer(quick)) != null,
          "a new connection while draining must be refused");
      java.net.http.HttpResponse<String> readyz = server.probe("/readyz");
      assertEquals(503, readyz.statusCode());
      assertEquals("shutting down", readyz.body());
      assertEquals(8, server.webhook().inFlight(), "the gated requests are still in flight while draining");
      // A connection that was already open is answered, and closes after. Its request waits for a
      // worker behind the gated ones, so the gate opens once the server has it.
      Future<HttpResponse<Buffer>> lateRequest = kept.post(port, "127.0.0.1", "/validate").sendBuffer(quick);
      Polling.eventually(Duration.ofSeconds(10), () -> server.webhook().inFlight(), count -> count >= 9);
      gate.countDown();
      HttpResponse<Buffer> late = await(lateRequest);
      assertEquals(200, late.statusCode());
      assertEquals("close", late.getHeader("connection"));
      for (Future<HttpResponse<Buffer>> f : inFlight) {
        HttpResponse<Buffer> response = await(f);
        assertEquals(200, response.statusCode(), response.bodyAsString());
        assertTrue(Reviews.json(response.bodyAsString()).path("response").path("allowed").asBoolean());
      }
      await(stopped);
      assertTrue(failure(WebClient.create(vertx, tls).post(port, "127.0.0.1", "/validate").sendBuffer(quick)) != null,
          "a new connection after shutdown must fail");
    } finally {
      gate.countDown();
      TestWebhooks.gate = new java.util.concurrent.CountDownLatch(0);
    }
  }

  private static Throwable failure(Future<?> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().handle((r, e) -> e).get(10, java.util.concurrent.TimeUnit.SECONDS);
  }

  /** How many times the server logged that it loaded the configuration, at start and at each reload. */
  private static long configurationsLoaded(TestWebhooks.Running server) {
    return server.logLines().stream().filter(l -> l.contains("\"configuration loaded\"")).count();
  }

  static String read(Path p) throws java.io.IOException {
    return Files.readString(p, StandardCharsets.UTF_8);
  }
}
