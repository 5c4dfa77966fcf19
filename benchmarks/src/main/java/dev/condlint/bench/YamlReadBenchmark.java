package dev.condlint.bench;

import dev.condlint.cli.input.YamlDocuments;
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
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * YAML text to engine documents (compose, conversion to Jackson with positions, source maps,
 * suppressions), next to snakeyaml-engine's plain load of the same text as the floor.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class YamlReadBenchmark {
  @Param({"small", "conditions30", "crd"})
  public String shape;

  private String text;
  private Load load;

  @Setup
  public void setUp() {
    text = Samples.text(shape);
    load = new Load(LoadSettings.builder().build());
  }

  @Benchmark
  public YamlDocuments.Loaded composeWithPositions() {
    return YamlDocuments.load(shape + ".yaml", text);
  }

  @Benchmark
  public Object plainLoad() {
    return load.loadFromString(text);
  }
}
