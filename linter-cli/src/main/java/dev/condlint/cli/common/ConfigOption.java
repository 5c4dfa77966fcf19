package dev.condlint.cli.common;

import dev.condlint.cli.input.ConfigFile;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cli.report.TextFormat;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/** {@code -c, --config FILE}: the configuration file, else the nearest {@code .condlint.yaml}. */
public final class ConfigOption {
  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description = "Configuration file. Default: the nearest .condlint.yaml.")
  Path file;

  /** The engine the configuration file and the flags make, and the file it came from. */
  public record Configured(Engine engine, Optional<Path> configPath) {
    /** Where the configuration's exclude globs are relative to: the directory of the file that declares them. */
    public Path excludeBase(Path workingDirectory) {
      return configPath.map(p -> p.toAbsolutePath().getParent()).orElse(workingDirectory);
    }
  }

  /**
   * The engine of the configuration the command runs with, checked against {@code ruleset} and
   * {@code flags} applied on top; empty after printing what is wrong with the file or the configuration.
   */
  public Optional<Configured> configure(Environment env, Ruleset ruleset, UnaryOperator<Config> flags) {
    ConfigFile.Chosen chosen = ConfigFile.choose(env.workingDirectory(), file, ruleset);
    if (!chosen.loaded().errors().isEmpty()) {
      chosen.loaded().errors().forEach(e -> env.err().println(TextFormat.line(e)));
      return Optional.empty();
    }
    try {
      return Optional.of(new Configured(new Engine(ruleset, flags.apply(chosen.loaded().config())), chosen.path()));
    } catch (IllegalArgumentException e) {
      env.err().println(TerminalText.escape("condlint: error: " + e.getMessage()));
      return Optional.empty();
    }
  }
}
