package dev.condlint.cli;

import dev.condlint.cli.input.ConfigFile;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code -c, --config FILE}: the configuration file, else the nearest {@code .condlint.yaml}. */
final class ConfigOption {
  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description = "Configuration file. Default: the nearest .condlint.yaml.")
  Path file;

  /** The configuration the command runs with, loaded, and the file it came from. */
  ConfigFile.Chosen choose(Path workingDirectory) {
    return ConfigFile.choose(workingDirectory, file);
  }
}
