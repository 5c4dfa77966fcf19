package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.MalformedReviewException;
import dev.condlint.rules.Engine;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** The webhook's work per request without the network: AdmissionReview bytes to decision to response bytes. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AdmissionBenchmark {
  @Param({"small", "20k", "1m"})
  public String size;

  private byte[] body;
  private Admission admission;

  @Setup
  public void setUp() {
    body = Reviews.body(size);
    Clock clock = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);
    admission = new Admission(Engine.withDefaults(), AdmissionMode.ENFORCE, clock);
  }

  @Benchmark
  public byte[] decodeDecideEncode() throws IOException, MalformedReviewException {
    JsonNode review = Reviews.JSON.readTree(body);
    return Reviews.JSON.writeValueAsBytes(admission.review(review).response());
  }
}
