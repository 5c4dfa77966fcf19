package dev.condlint.cli.input;

import dev.condlint.rules.catalogue.Ruleset;
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

  /** The configuration a command runs with, and the file it came from, if any. */
  public record Chosen(Optional<Path> path, Loaded loaded) {}

  private ConfigFile() {}

  /**
   * The file {@code --config} names ({@code flag}, relative to the working directory), else the nearest
   * {@code .condlint.yaml}, loaded for {@code ruleset}; the defaults when there is none.
   */
  public static Chosen choose(Path workingDirectory, Path flag, Ruleset ruleset) {
    Optional<Path> path = flag != null ? Optional.of(workingDirectory.resolve(flag)) : discover(workingDirectory);
    return new Chosen(path, path.map(p -> load(p, display(workingDirectory, p), ruleset)).orElse(Loaded.NONE));
  }

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

  /** The file at {@code path}, shown as {@code name}, loaded for the rules, profiles and catalogue of {@code ruleset}. */
  public static Loaded load(Path path, String name, Ruleset ruleset) {
    String text;
    try {
      text = SourceText.read(path, name);
    } catch (InputException e) {
      return new Loaded(Config.DEFAULT, List.of(e.error()));
    }
    YamlDocuments.Loaded parsed = YamlDocuments.documents(name, text);
    ConfigText.Loaded loaded = ConfigText.load(parsed.documents(), parsed.problems(), ruleset);
    return new Loaded(loaded.config(), loaded.problems().stream().map(p -> InputError.of(name, p)).toList());
  }

  /** The file's name relative to the working directory ({@code ../.condlint.yaml}), as users think of it. */
  private static String display(Path workingDirectory, Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    Path base = workingDirectory.toAbsolutePath().normalize();
    Path shown = absolute.getRoot().equals(base.getRoot()) ? base.relativize(absolute) : absolute;
    return shown.toString().replace('\\', '/');
  }
}
