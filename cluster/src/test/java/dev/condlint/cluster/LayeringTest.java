package dev.condlint.cluster;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/**
 * cluster reads a cluster: it uses the CRD catalogue of the engine (to keep the CRDs it reads compact)
 * and no other part of it, since it lints nothing; the YAML writer saves what it read.
 */
class LayeringTest {
  @Test
  void readsButDoesNotLint() {
    Layering.ofModuleOf(ApiServer.class)
        .layer("cluster", "dev.condlint.cluster..")
        .layer("crd catalogue", "dev.condlint.rules.schema..")
        .layer("yaml", "dev.condlint.yaml..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
