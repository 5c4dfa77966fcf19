package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.PemKeyCertOptions;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.AdmissionResponses;
import dev.condlint.admission.MalformedReviewException;
import dev.condlint.admission.ReviewDecoder;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.io.IOException;
import java.time.Clock;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The reference servers of the webhook load runner, with the webhook's TLS and ALPN settings; each
 * reads every request body whole. {@code bare-server PORT CERT KEY} answers one fixed AdmissionReview:
 * the ceiling, a server that does no work. {@code decode-server PORT CERT KEY} decodes each review into
 * a Jackson tree and answers with its uid, as the least a correct webhook must do: the floor of any
 * webhook that reads the object. Both run until killed.
 *
 * <p>Each serves on as many event loops as it is told, as the webhook does ({@code --event-loops}): one
 * server per loop, deployed as instances of one verticle, sharing the port, so that the webhook and
 * its references are compared with the same threads.
 */
final class BareServer {
  private static final Buffer RESPONSE = Buffer.buffer(
      "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
          + "\"response\":{\"uid\":\"" + Reviews.UID + "\",\"allowed\":true}}",
      StandardCharsets.UTF_8.name());

  private BareServer() {}

  static void bare(int port, String cert, String key, int loops) {
    run(port, cert, key, loops, "bare server", req -> req.body().onSuccess(body -> traced(req).response()
        .putHeader("content-type", "application/json")
        .end(RESPONSE)));
  }

  static void decoding(int port, String cert, String key, int loops) {
    run(port, cert, key, loops, "decode server", req -> req.body().onSuccess(body -> {
      try {
        req.response().putHeader("content-type", "application/json").end(Buffer.buffer(allowed(body)));
      } catch (IOException e) {
        req.response().setStatusCode(400).end(String.valueOf(e.getMessage()));
      }
    }));
  }

  /**
   * {@code stage-server PORT CERT KEY LOOPS STAGE}: the bare server's HTTP path with one stage of the
   * webhook's decision added, so that the cost of each stage over HTTP is measured apart from the webhook's
   * own HTTP path (body reader, timers, guards, log, metrics): {@code review-decode} runs the webhook's
   * {@link ReviewDecoder} on the body and answers the fixed review; {@code decide} decodes, runs the rules
   * (warn mode, as the runner's webhook) and answers with the encoded decision.
   */
  static void stage(int port, String cert, String key, int loops, String stage) {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.WARN,
        Clock.systemUTC());
    boolean decide = switch (stage) {
      case "review-decode" -> false;
      case "decide" -> true;
      default -> throw new IllegalArgumentException("stage-server: the stage is review-decode or decide, not " + stage);
    };
    run(port, cert, key, loops, stage + " server", req -> req.body().onSuccess(body -> {
      try {
        ReviewDecoder.Decoded decoded = admission.decoder().decode(ReviewDecoder.Source.of(body.getBytes()));
        Buffer answer = decide
            ? Buffer.buffer(Reviews.JSON.writeValueAsBytes(AdmissionResponses.of(admission.decide(decoded.request()))))
            : RESPONSE;
        req.response().putHeader("content-type", "application/json").end(answer);
      } catch (IOException | MalformedReviewException e) {
        req.response().setStatusCode(400).end(String.valueOf(e.getMessage()));
      }
    }));
  }

  /**
   * Echoes a traced request's {@code x-trace-id} (profile/trace.sh numbers its requests and pairs its send
   * and receive times by it, as with the webhook's {@code -Dcondlint.requestTrace}); no header, no echo.
   */
  private static HttpServerRequest traced(HttpServerRequest req) {
    String id = req.getHeader("x-trace-id");
    if (id != null) {
      req.response().putHeader("x-trace-id", id);
    }
    return req;
  }

  private static byte[] allowed(Buffer body) throws IOException {
    JsonNode review = Reviews.JSON.readTree(body.getBytes());
    ObjectNode answer = Reviews.JSON.createObjectNode()
        .put("apiVersion", review.path("apiVersion").asText())
        .put("kind", "AdmissionReview");
    answer.putObject("response").put("uid", review.path("request").path("uid").asText()).put("allowed", true);
    return Reviews.JSON.writeValueAsBytes(answer);
  }

  private static void run(int port, String cert, String key, int loops, String name,
      Handler<HttpServerRequest> handler) {
    Vertx vertx = Vertx.vertx(new VertxOptions()
        .setEventLoopPoolSize(Math.max(VertxOptions.DEFAULT_EVENT_LOOP_POOL_SIZE, loops + 1)));
    HttpServerOptions options = new HttpServerOptions()
        .setHost("127.0.0.1")
        // A negative port: one free port shared by all the loops' servers (0 would give each its own).
        .setPort(port == 0 ? -1 : port)
        .setSsl(true)
        .setUseAlpn(true)
        // The webhook's TLS engine settings (TlsPolicy): pooled heap buffers for TLS records.
        .setSslEngineOptions(new JdkSSLEngineOptions().setPooledHeapBuffers(true))
        .setEnabledSecureTransportProtocols(Set.of("TLSv1.2", "TLSv1.3"))
        .setKeyCertOptions(new PemKeyCertOptions().setCertPath(cert).setKeyPath(key));
    AtomicReference<HttpServer> first = new AtomicReference<>();
    vertx.deployVerticle(() -> new AbstractVerticle() {
          @Override
          public void start(Promise<Void> started) {
            vertx.createHttpServer(options).requestHandler(handler).listen()
                .onSuccess(s -> first.compareAndSet(null, s)).<Void>mapEmpty().onComplete(started);
          }
        }, new DeploymentOptions().setInstances(loops))
        .onSuccess(s -> System.out.println(name + " listening on https://127.0.0.1:" + first.get().actualPort()
            + " (" + loops + " event loops)"))
        .onFailure(e -> {
          e.printStackTrace();
          System.exit(1);
        });
  }
}
