package dev.condlint.cli;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/**
 * The command line: the entry point (Main and the command list) above one package per command, which
 * use none of each other, above what commands share (cli.common), above the report and its formats,
 * above reading files (cli.input), above the libraries and the engine. Adding a command is adding a
 * package, which this test places among the commands, and one line in the command list.
 */
class LayeringTest {
  @Test
  void commandsAboveReportAboveInputAboveTheEngine() {
    Layering.ofModuleOf(Main.class)
        .layer("entry", "dev.condlint.cli")
        .layer("commands", "dev.condlint.cli.*..").independent()
        .layer("common", "dev.condlint.cli.common..")
        .layer("report", "dev.condlint.cli.report..")
        .layer("input", "dev.condlint.cli.input..")
        .layer("monitor", "dev.condlint.monitor..")
        .layer("admission", "dev.condlint.admission..")
        .layer("cluster", "dev.condlint.cluster..")
        .layer("engine", "dev.condlint.rules..")
        .layer("yaml", "dev.condlint.yaml..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
