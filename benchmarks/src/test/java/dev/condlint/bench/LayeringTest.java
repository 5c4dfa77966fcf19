package dev.condlint.bench;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/** The benchmarks stand on top: they measure the modules below and nothing uses them. */
class LayeringTest {
  @Test
  void standOnTop() {
    Layering.ofModuleOf(BenchMain.class)
        .layer("benchmarks", "dev.condlint.bench..")
        .layer("front-end libraries", "dev.condlint.admission..", "dev.condlint.cluster..", "dev.condlint.health..")
        .layer("engine", "dev.condlint.rules..")
        .layer("yaml", "dev.condlint.yaml..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
