package dev.condlint.cli.input;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigText;
import dev.condlint.yaml.YamlDocuments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds and loads {@code .condlint.yaml}: parsed with positions, so that each problem the loader
 * finds is reported at its line and column.
 */
public final class ConfigFile {
  public static final String NAME = ".condlint.yaml";

  /** A loaded configuration, or the errors that stop the run. */
  public record Loaded(Config config, List<InputError> errors) {
    /** No configuration file: the defaults. */
    public static final Loaded NONE = new Loaded(Config.DEFAULT, List.of());
  }

  private ConfigFile() {}

  /** The nearest {@code .condlint.yaml} in this directory or one of its parents. */
  public static Optional<Path> discover(Path directory) {
    for (Path d = directory.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      Path candidate = d.resolve(NAME);
      if (Files.isRegularFile(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  public static Loaded load(Path path, String name) {
    String text;
    try {
      text = SourceText.read(path, name);
    } catch (InputException e) {
      return new Loaded(Config.DEFAULT, List.of(e.error()));
    }
    YamlDocuments.Loaded parsed = YamlDocuments.documents(name, text);
    ConfigText.Loaded loaded = ConfigText.load(parsed.documents(), parsed.problems());
    return new Loaded(loaded.config(), loaded.problems().stream()
        .map(p -> InputError.at(name, p.at().line(), p.at().column(), p.message()))
        .toList());
  }
}
