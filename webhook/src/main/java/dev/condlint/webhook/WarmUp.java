package dev.condlint.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionResponses;
import dev.condlint.admission.ReviewDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Decides the webhook's own sample reviews ({@code warm-up-reviews.json}: status updates of a Deployment,
 * a cert-manager Certificate and a custom resource with fifteen conditions, one of them with mistakes)
 * for a while after the rules load, on a thread of its own, before {@code /readyz} answers ready. A cold
 * JVM interprets the decoder and the rules: on a loaded node its first reviews took hundreds of
 * milliseconds each, up to the API server's timeout (benchmarks/RESULTS.md, "A cold start"); once ready,
 * the API server's reviews meet code the JIT has compiled.
 */
final class WarmUp {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Supplier<Admission> rules;
  private final Duration duration;
  private final JsonLog log;
  private volatile boolean done;

  WarmUp(Supplier<Admission> rules, Duration duration, JsonLog log) {
    this.rules = rules;
    this.duration = duration;
    this.log = log;
    this.done = duration.isZero();
  }

  /** Starts deciding the samples, unless the warm-up is zero. */
  void start() {
    if (done) {
      return;
    }
    Thread thread = new Thread(this::run, "condlint-warm-up");
    thread.setDaemon(true);
    // Below the event loops: on a busy node the warm-up takes what they leave.
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
  }

  /** Why the webhook is not ready yet, while it warms up. */
  Optional<String> notReady() {
    return done ? Optional.empty() : Optional.of("not ready: warming up (deciding sample reviews for "
        + (duration.toMillis() % 1000 == 0 ? duration.toSeconds() + "s" : duration.toMillis() + "ms") + ")");
  }

  private void run() {
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    int decided = 0;
    try {
      List<byte[]> reviews = samples();
      while (System.nanoTime() < end) {
        for (byte[] review : reviews) {
          Admission admission = rules.get();
          ReviewDecoder.Decoded decoded = admission.decoder().decode(ReviewDecoder.Source.of(review));
          JSON.writeValueAsBytes(AdmissionResponses.of(admission.decide(decoded.request())));
          decided++;
        }
      }
      int count = decided;
      log.info("warmed up", line -> line.put("reviews", count)
          .put("durationMs", (System.nanoTime() - start) / 1_000_000));
    } catch (Exception | StackOverflowError e) {
      // A warm-up that fails must not keep the webhook unready: it serves cold instead.
      log.warn("warm-up stopped", line -> line.put("error", e.getClass().getName() + ": " + e.getMessage()));
    } finally {
      done = true;
    }
  }

  /** The sample reviews, each as the bytes the API server would send. */
  static List<byte[]> samples() {
    try (InputStream in = WarmUp.class.getResourceAsStream("warm-up-reviews.json")) {
      List<byte[]> reviews = new ArrayList<>();
      for (JsonNode review : JSON.readTree(in)) {
        reviews.add(JSON.writeValueAsBytes(review));
      }
      return reviews;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
