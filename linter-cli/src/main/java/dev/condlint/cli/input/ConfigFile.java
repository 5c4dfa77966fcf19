package dev.condlint.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.Position;
import dev.condlint.rules.SourceMap;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigLoader;
import dev.condlint.rules.config.ConfigProblem;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
    ParsedFile parsed = YamlDocuments.readerFor(text).read(name, text);
    List<InputError> errors = new ArrayList<>();
    parsed.problems().forEach(p -> errors.add(InputError.at(name, p.line(), p.column(), p.message())));
    if (parsed.documents().size() > 1) {
      errors.add(InputError.at(name, parsed.documents().get(1).firstLine(), 1,
          "a configuration file holds one YAML document"));
    }
    if (!errors.isEmpty()) {
      return new Loaded(Config.DEFAULT, errors);
    }
    Optional<ParsedDocument> document = parsed.documents().stream().findFirst();
    JsonNode root = document.map(ParsedDocument::root).orElse(null);
    ConfigLoader.Result result = ConfigLoader.load(root);
    if (result.ok()) {
      return new Loaded(result.config(), List.of());
    }
    SourceMap source = document.map(d -> YamlDocuments.sourceMap(d)).orElse(SourceMap.NONE);
    for (ConfigProblem problem : result.problems()) {
      Position at = source.nearest(problem.pointer()).orElse(new Position(1, 1));
      errors.add(InputError.at(name, at.line(), at.column(), problem.message()));
    }
    return new Loaded(Config.DEFAULT, errors);
  }
}
