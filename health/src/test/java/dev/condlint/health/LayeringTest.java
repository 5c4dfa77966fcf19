package dev.condlint.health;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/**
 * health judges objects from the engine's contracts: the consumers' side (export, which writes Argo CD
 * Lua, Flux CEL and the kstatus report, and bench, which runs scripts with those consumers' runtimes)
 * stands on the assessment, and the two use none of each other; the assessment stands on the engine.
 * No front end, file, YAML or cluster.
 */
class LayeringTest {
  @Test
  void consumersAboveTheAssessmentAboveTheEngine() {
    Layering.ofModuleOf(HealthAssessor.class)
        .layer("consumers", "dev.condlint.health.*..").independent()
        .layer("assessment", "dev.condlint.health")
        .layer("engine", "dev.condlint.rules..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
