package dev.condlint.monitor;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/**
 * The monitor's packages in one-way layers: the root that wires them, then the three ways out
 * (metrics, http, reports), which use none of each other, then watch (the informers), state (what is
 * kept), assess (judging an object) and log; below them the modules it stands on: cluster (which
 * reads), the engine, and the model.
 */
class LayeringTest {
  @Test
  void eachLayerOnlyLooksDown() {
    Layering.ofModuleOf(Monitor.class)
        .layer("root", "dev.condlint.monitor")
        .layer("ways out", "dev.condlint.monitor.metrics..", "dev.condlint.monitor.http..",
            "dev.condlint.monitor.reports..").independent()
        .layer("watch", "dev.condlint.monitor.watch..")
        .layer("state", "dev.condlint.monitor.state..")
        .layer("assess", "dev.condlint.monitor.assess..")
        .layer("log", "dev.condlint.monitor.log..")
        .layer("cluster", "dev.condlint.cluster..")
        .layer("engine", "dev.condlint.rules..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
