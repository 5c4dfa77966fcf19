package dev.condlint.admission;

import dev.condlint.model.Pointers;
import dev.condlint.model.Position;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigLoader;
import dev.condlint.rules.config.ConfigProblem;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Loads the text of a {@code .condlint.yaml} the same way for the command line and the webhook: every
 * YAML and configuration problem at its line and column.
 */
public final class ConfigText {

  /** A problem with the file, where it is. */
  public record Problem(int line, int column, String message) {
    public String describe(String name) {
      return name + ":" + line + ":" + column + ": " + message;
    }
  }

  /** The configuration, or the defaults and the problems that kept the file from loading. */
  public record Loaded(Config config, List<Problem> problems) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private ConfigText() {}

  public static Loaded load(String name, String text) {
    ParsedFile parsed = new YamlReader().read(name, text);
    List<Problem> problems = new ArrayList<>();
    parsed.problems().forEach(p -> problems.add(new Problem(p.at().line(), p.at().column(), p.message())));
    if (parsed.documents().size() > 1) {
      problems.add(new Problem(parsed.documents().get(1).firstLine(), 1, "a configuration file holds one YAML document"));
    }
    if (!problems.isEmpty()) {
      return new Loaded(Config.DEFAULT, problems);
    }
    Optional<ParsedDocument> document = parsed.documents().stream().findFirst();
    ConfigLoader.Result result = ConfigLoader.load(document.map(ParsedDocument::root).orElse(null));
    if (result.ok()) {
      return new Loaded(result.config(), List.of());
    }
    for (ConfigProblem problem : result.problems()) {
      Position at = document.flatMap(d -> nearest(d, problem.pointer())).orElse(new Position(1, 1));
      problems.add(new Problem(at.line(), at.column(), problem.message()));
    }
    return new Loaded(Config.DEFAULT, problems);
  }

  /** The position of the node at this pointer or, for a missing field, of the object that lacks it. */
  private static Optional<Position> nearest(ParsedDocument document, String pointer) {
    for (String p = pointer; ; p = Pointers.parent(p)) {
      Optional<Position> found = document.position(p);
      if (found.isPresent() || p.isEmpty()) {
        return found;
      }
    }
  }
}
