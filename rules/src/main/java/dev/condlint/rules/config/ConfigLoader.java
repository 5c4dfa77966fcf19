package dev.condlint.rules.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Validates a parsed {@code .condlint.yaml} against the shipped JSON Schema and turns it into a
 * {@link Config}. Front ends parse the file (keeping positions) and map each problem's pointer to a
 * line and column.
 */
public final class ConfigLoader {

  /** The result of loading: a config when there are no problems. */
  public record Result(Config config, List<ConfigProblem> problems) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private ConfigLoader() {}

  /** Loads a configuration tree; an empty or missing document is the default configuration. */
  public static Result load(JsonNode root) {
    if (root == null || root.isMissingNode() || root.isNull()) {
      return new Result(Config.DEFAULT, List.of());
    }
    // Validation and the mapping of every key arrive with the configuration work (issue 2, item 5).
    return new Result(Config.DEFAULT, List.of());
  }
}
