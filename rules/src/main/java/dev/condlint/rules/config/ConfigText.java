package dev.condlint.rules.config;

import dev.condlint.model.Document;
import dev.condlint.model.Position;
import dev.condlint.model.SourceProblem;
import dev.condlint.rules.catalogue.Ruleset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Loads a {@code .condlint.yaml} the same way for the command line and the webhook, from the
 * documents a front end parsed it into (the engine reads no YAML): every reading and configuration
 * problem at its line and column.
 */
public final class ConfigText {

  /** The configuration, or the defaults and the problems that kept the file from loading. */
  public record Loaded(Config config, List<SourceProblem> problems) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private static final Position START = new Position(1, 1);

  private ConfigText() {}

  /**
   * @param documents every document of the file, an empty one included
   * @param readProblems what kept the front end from reading the file
   * @param ruleset the rules, profiles and catalogue the configuration is for
   */
  public static Loaded load(List<Document> documents, List<SourceProblem> readProblems, Ruleset ruleset) {
    List<SourceProblem> problems = new ArrayList<>(readProblems);
    if (documents.size() > 1) {
      int line = documents.get(1).source().position("").map(Position::line).orElse(1);
      problems.add(new SourceProblem(new Position(line, 1), "a configuration file holds one YAML document"));
    }
    if (!problems.isEmpty()) {
      return new Loaded(Config.DEFAULT, problems);
    }
    Optional<Document> document = documents.stream().findFirst();
    ConfigLoader.Result result = ConfigLoader.load(document.map(Document::object).orElse(null), ruleset);
    if (result.ok()) {
      return new Loaded(result.config(), List.of());
    }
    for (ConfigProblem problem : result.problems()) {
      Position at = document.flatMap(d -> d.source().nearest(problem.pointer())).orElse(START);
      problems.add(new SourceProblem(at, problem.message()));
    }
    return new Loaded(Config.DEFAULT, problems);
  }
}
