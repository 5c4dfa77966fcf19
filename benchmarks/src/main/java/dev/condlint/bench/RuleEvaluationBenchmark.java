package dev.condlint.bench;

import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.CheckResult;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.time.Instant;
import java.util.Optional;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** Every built-in rule over one already-parsed object: what the engine costs per object. */
public class RuleEvaluationBenchmark extends BenchmarkDefaults {
  private static final Optional<Instant> NOW = Optional.of(Instant.parse("2024-06-01T00:00:00Z"));

  @Param({"small", "conditions30", "crd"})
  public String shape;

  private Engine engine;
  private Document document;

  @Setup
  public void setUp() {
    engine = new Engine(Ruleset.builtIn(), Config.DEFAULT);
    document = YamlDocuments.load(shape + ".yaml", Samples.text(shape)).documents().get(0);
  }

  @Benchmark
  public CheckResult check() {
    return engine.check(document, NOW);
  }
}
