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
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.LongAdder;
import io.vertx.core.http.HttpMethod;
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
   * (warn mode, as the runner's webhook) and answers with the encoded decision. {@code GET /stage-stats} answers
   * what the stage itself (decode, and decide and encode) cost on the event loops since the last such read: the
   * requests, the thread CPU in nanoseconds and the bytes allocated, summed over them (two thread CPU readings per
   * request, ~1 µs, are in it). {@code GET /stage-hot?calls=N} runs the stage N times in a tight loop on the event
   * loop that takes the request, on a copy of the last review served, and answers its thread CPU and allocation:
   * the same compiled code and heap, hot, for comparison with the per-request figures.
   */
  static void stage(int port, String cert, String key, int loops, String stage) {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.WARN,
        Clock.systemUTC());
    // STAGE-deferred: the stage runs as a task of its event loop (runOnContext) once the loop has done the I/O at hand,
    // so that the reviews whose bodies completed in one pass over the ready connections are decided one after another.
    boolean defer = stage.endsWith("-deferred");
    stage = defer ? stage.substring(0, stage.length() - "-deferred".length()) : stage;
    boolean decide = stage.equals("decide");
    // Synthetic stages, to tell what the loop's other work pays for a stage beside it: spin-N, N µs of arithmetic
    // on registers (time, no memory); alloc-N, N KiB of short-lived arrays written once per 64-byte line.
    int spinUs = stage.startsWith("spin-") ? Integer.parseInt(stage.substring(5)) : -1;
    int allocKb = stage.startsWith("alloc-") ? Integer.parseInt(stage.substring(6)) : -1;
    if (!decide && !stage.equals("review-decode") && spinUs < 0 && allocKb < 0) {
      throw new IllegalArgumentException("stage-server: the stage is review-decode, decide, spin-N or alloc-N"
          + " (each optionally -deferred), not " + stage);
    }
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    LongAdder served = new LongAdder();
    LongAdder cpu = new LongAdder();
    LongAdder allocated = new LongAdder();
    AtomicReference<byte[]> last = new AtomicReference<>();
    run(port, cert, key, loops, stage + " server", req -> {
      if (req.method() == HttpMethod.GET && "/stage-stats".equals(req.path())) {
        // What the stage itself cost on the event loops since the last read: "requests N cpu_ns N allocated N".
        req.response().end("requests " + served.sumThenReset() + " cpu_ns " + cpu.sumThenReset()
            + " allocated " + allocated.sumThenReset() + "\n");
        return;
      }
      if (req.method() == HttpMethod.GET && "/stage-hot".equals(req.path())) {
        // The same stage in a tight loop on this event loop, on the last review served: "calls N cpu_ns N allocated N".
        byte[] review = last.get();
        int calls = Integer.parseInt(String.valueOf(req.getParam("calls", "300")));
        long thread = Thread.currentThread().getId();
        long a0 = threads.getThreadAllocatedBytes(thread);
        long t0 = threads.getCurrentThreadCpuTime();
        int sink = 0;
        try {
          for (int i = 0; i < calls; i++) {
            sink += work(admission, decide, spinUs, allocKb, review.clone()).length();
          }
        } catch (IOException | MalformedReviewException | RuntimeException e) {
          req.response().setStatusCode(500).end(String.valueOf(e));
          return;
        }
        long t1 = threads.getCurrentThreadCpuTime();
        req.response().end("calls " + calls + " cpu_ns " + (t1 - t0) + " allocated "
            + (threads.getThreadAllocatedBytes(thread) - a0) + " sink " + sink + "\n");
        return;
      }
      req.body().onSuccess(body -> {
        Runnable handle = () -> {
          try {
            long thread = Thread.currentThread().getId();
            if (last.get() == null) {
              last.set(body.getBytes());
            }
            long a0 = threads.getThreadAllocatedBytes(thread);
            long t0 = threads.getCurrentThreadCpuTime();
            Buffer answer = work(admission, decide, spinUs, allocKb, body.getBytes());
            cpu.add(threads.getCurrentThreadCpuTime() - t0);
            allocated.add(threads.getThreadAllocatedBytes(thread) - a0);
            served.increment();
            req.response().putHeader("content-type", "application/json").end(answer);
          } catch (IOException | MalformedReviewException e) {
            req.response().setStatusCode(400).end(String.valueOf(e.getMessage()));
          }
        };
        if (defer) {
          Vertx.currentContext().runOnContext(v -> handle.run());
        } else {
          handle.run();
        }
      });
    });
  }

  static volatile Object escape;

  private static Buffer work(Admission admission, boolean decide, int spinUs, int allocKb, byte[] body)
      throws IOException, MalformedReviewException {
    if (spinUs >= 0) {
      long end = System.nanoTime() + spinUs * 1000L;
      long x = body.length;
      while (System.nanoTime() < end) {
        for (int i = 0; i < 64; i++) {
          x = x * 6364136223846793005L + 1442695040888963407L;
        }
      }
      escape = x;
      return RESPONSE;
    }
    if (allocKb >= 0) {
      for (int k = 0; k < allocKb; k += 4) {
        byte[] b = new byte[4096 - 16];
        for (int j = 0; j < b.length; j += 64) {
          b[j] = (byte) j;
        }
        escape = b;
      }
      return RESPONSE;
    }
    ReviewDecoder.Decoded decoded = admission.decoder().decode(ReviewDecoder.Source.of(body));
    return decide
        ? Buffer.buffer(Reviews.JSON.writeValueAsBytes(AdmissionResponses.of(admission.decide(decoded.request()))))
        : RESPONSE;
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
