package dev.condlint.bench;

import dev.condlint.yaml.YamlDocuments;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * YAML text to engine documents (compose, conversion to Jackson with positions, source maps,
 * suppressions), next to snakeyaml-engine's plain load of the same text as the floor.
 */
public class YamlReadBenchmark extends BenchmarkDefaults {
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
