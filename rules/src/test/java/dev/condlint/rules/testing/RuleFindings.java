package dev.condlint.rules.testing;

import dev.condlint.rules.catalogue.BuiltInRules;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.util.List;
import java.util.Optional;

/** One rule's findings on one YAML document, as {@code LINE:COL severity rule-id pointer} lines. */
public final class RuleFindings {
  private RuleFindings() {}

  public static List<String> of(String ruleId, String profile, String yaml) {
    return of(ruleId, Config.DEFAULT.withForcedProfile(profile), yaml);
  }

  public static List<String> of(String ruleId, Config config, String yaml) {
    Engine engine = new Engine(BuiltInRules.registry(), config);
    return engine.check(YamlFixtures.document(yaml), Optional.of(RuleExample.DEFAULT_NOW)).stream()
        .filter(f -> f.ruleId().equals(ruleId))
        .map(
            f -> f.position().map(Object::toString).orElse("-") + " " + f.severity().label() + " "
                + f.ruleId() + " " + f.pointer())
        .toList();
  }
}
