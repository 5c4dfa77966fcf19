package dev.condlint.bench;

import dev.condlint.cli.input.YamlDocuments;
import dev.condlint.rules.Document;
import dev.condlint.rules.Engine;
import dev.condlint.rules.Finding;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
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

/** Every built-in rule over one already-parsed object: what the engine costs per object. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RuleEvaluationBenchmark {
  private static final Optional<Instant> NOW = Optional.of(Instant.parse("2024-06-01T00:00:00Z"));

  @Param({"small", "conditions30", "crd"})
  public String shape;

  private Engine engine;
  private Document document;

  @Setup
  public void setUp() {
    engine = Engine.withDefaults();
    document = YamlDocuments.load(shape + ".yaml", Samples.text(shape)).documents().get(0);
  }

  @Benchmark
  public List<Finding> check() {
    return engine.check(document, NOW);
  }
}
