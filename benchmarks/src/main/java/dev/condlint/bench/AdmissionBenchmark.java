package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.AdmissionResponses;
import dev.condlint.admission.ReviewDecoder;
import dev.condlint.admission.MalformedReviewException;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The webhook's work per request without the network: AdmissionReview bytes to decision to response
 * bytes, with the whole review decoded as before ({@code decodeDecideEncode}) and with the streaming
 * decoder the webhook uses ({@code streamDecideEncode}); and each decode alone.
 */
public class AdmissionBenchmark extends BenchmarkDefaults {
  @Param({"small", "20k", "1m"})
  public String size;

  private byte[] body;
  private Admission admission;

  @Setup
  public void setUp() {
    body = Reviews.body(size);
    Clock clock = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);
    admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, clock);
  }

  @Benchmark
  public byte[] decodeDecideEncode() throws IOException, MalformedReviewException {
    JsonNode review = Reviews.JSON.readTree(body);
    return Reviews.JSON.writeValueAsBytes(admission.review(review).response());
  }

  @Benchmark
  public byte[] streamDecideEncode() throws IOException, MalformedReviewException {
    ReviewDecoder.Decoded decoded = admission.decoder().decode(ReviewDecoder.Source.of(body));
    return Reviews.JSON.writeValueAsBytes(AdmissionResponses.of(admission.decide(decoded.request())));
  }

  @Benchmark
  public JsonNode decodeOnly() throws IOException {
    return Reviews.JSON.readTree(body);
  }

  @Benchmark
  public ReviewDecoder.Decoded streamDecodeOnly() throws IOException, MalformedReviewException {
    return admission.decoder().decode(ReviewDecoder.Source.of(body));
  }
}
