package dev.condlint.bench;

import dev.condlint.health.Assessment;
import dev.condlint.health.HealthAssessor;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The health of 10,000 already-parsed objects (the generated corpus's kinds: Deployment, Flux,
 * cert-manager, Gateway API, Cluster API, Knative) against linting the same objects with every
 * built-in rule, in the same run: issue 26 asks that {@code health}/{@code lint} stay at or under 1.2.
 * {@code benchmarks/health-runner.sh} prints the ratio.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HealthBenchmark extends BenchmarkDefaults {
  private static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");
  static final int OBJECTS = 10_000;

  private Engine engine;
  private HealthAssessor assessor;
  private List<Document> documents;

  @Setup
  public void setUp() {
    engine = new Engine(Ruleset.builtIn(), Config.DEFAULT);
    assessor = new HealthAssessor(engine.contracts());
    documents = YamlDocuments.load("objects.yaml", new CorpusGenerator(7).file(1, OBJECTS)).documents();
    if (documents.size() != OBJECTS) {
      throw new IllegalStateException("generated " + documents.size() + " objects, not " + OBJECTS);
    }
  }

  @Benchmark
  public void lint(Blackhole sink) {
    for (Document d : documents) {
      sink.consume(engine.check(d, Optional.of(NOW)));
    }
  }

  @Benchmark
  public void health(Blackhole sink) {
    for (Document d : documents) {
      Assessment a = assessor.assess(d.object(), NOW);
      sink.consume(a);
    }
  }
}
