package dev.condlint.rules.catalogue.transition;

import dev.condlint.model.Finding;
import dev.condlint.rules.catalogue.BuiltInRules;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.testing.Findings;
import dev.condlint.rules.testing.YamlFixtures;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Runs the built-in rules over an UPDATE given as two YAML texts; positions come from the new one. */
final class Transition {
  private static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");

  private Transition() {}

  /** One rule's findings as {@code LINE:COL severity rule-id pointer}, under a forced profile. */
  static List<String> findings(String ruleId, String profile, String oldYaml, String newYaml) {
    return findings(ruleId, Config.DEFAULT.withForcedProfile(profile), oldYaml, newYaml);
  }

  static List<String> findings(String ruleId, Config config, String oldYaml, String newYaml) {
    return run(config, oldYaml, newYaml).stream()
        .filter(f -> f.ruleId().equals(ruleId))
        .map(Findings::line)
        .toList();
  }

  static List<Finding> run(Config config, String oldYaml, String newYaml) {
    return new Engine(BuiltInRules.registry(), config)
        .checkTransition(YamlFixtures.document(oldYaml), YamlFixtures.document(newYaml), Optional.of(NOW));
  }

  /** The only finding of a rule, for assertions on its message. */
  static Finding only(String ruleId, String profile, String oldYaml, String newYaml) {
    List<Finding> found =
        run(Config.DEFAULT.withForcedProfile(profile), oldYaml, newYaml).stream()
            .filter(f -> f.ruleId().equals(ruleId))
            .toList();
    if (found.size() != 1) {
      throw new AssertionError("expected one " + ruleId + " finding, got " + found);
    }
    return found.get(0);
  }

  /**
   * A custom resource whose {@code status.conditions} holds the given block-style items, indented by
   * two spaces; the first item starts on line 7.
   */
  static String database(String conditions) {
    return """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
        status:
          conditions:
        """ + conditions;
  }

  /** A Gateway with one listener per argument, each holding the given condition items; listener 0 starts on line 7. */
  static String gateway(String... listenerConditions) {
    StringBuilder listeners = new StringBuilder();
    for (int i = 0; i < listenerConditions.length; i++) {
      listeners.append("  - name: l").append(i).append("\n    conditions:\n").append(listenerConditions[i]);
    }
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: edge
        status:
          listeners:
        """ + listeners;
  }

  /** A listener condition item; its lastTransitionTime is on the item's fifth line. */
  static String listenerCondition(String type, String status) {
    return """
            - type: %s
              status: "%s"
              reason: Because
              message: ""
              lastTransitionTime: "2024-05-01T12:00:00Z"
        """.formatted(type, status);
  }
}
