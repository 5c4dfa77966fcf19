package dev.condlint.build;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/**
 * The build's own steps sit above the engine: the CRD index distiller reads CRDs with the yaml module
 * and condition-list schemas as the rules read them, so that the index holds exactly what they read.
 * No module's main code uses build-tools, so this adds no cycle.
 */
class LayeringTest {
  @Test
  void buildStepsLookOnlyDown() {
    Layering.ofModuleOf(UpgradeClassFiles.class)
        .layer("build", "dev.condlint.build..")
        .layer("engine", "dev.condlint.rules..")
        .layer("yaml", "dev.condlint.yaml..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
