package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.catalogue.BuiltInRules;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import java.util.Optional;

/** Runs the built-in rules over a fixture and keeps one rule's findings, as comparable lines. */
final class ShapeFindings {
  private ShapeFindings() {}

  /** The header every fixture starts with: a custom resource with a status. */
  static final String DATABASE =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata:
        name: orders
      status:
        conditions:
      """;

  /** A Database without source (as the webhook receives it) whose status has these conditions (JSON). */
  static Document json(String conditions) {
    try {
      return Document.of(new ObjectMapper().readTree(
          "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Database\",\"metadata\":{\"name\":\"a\"},"
              + "\"status\":{\"conditions\":" + conditions + "}}"));
    } catch (JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  /** The same fixture as a policy/v1 PodDisruptionBudget, a built-in kind with metav1.Condition lists. */
  static String onPodDisruptionBudget(String yaml) {
    return yaml.replace("apiVersion: example.com/v1", "apiVersion: policy/v1")
        .replace("kind: Database", "kind: PodDisruptionBudget");
  }

  /** {@code LINE:COL SEVERITY RULE POINTER} of each finding of {@code ruleId}, for a YAML fixture. */
  static List<String> of(String ruleId, String profile, String yaml) {
    return of(ruleId, profile, YamlFixtures.document(yaml));
  }

  /** The same for any document, e.g. one without source as the webhook has. */
  static List<String> of(String ruleId, String profile, Document document) {
    return findings(ruleId, profile, document).stream()
        .map(f -> f.position().map(Object::toString).orElse("-") + " " + f.severity().label() + " "
            + f.ruleId() + " " + f.pointer())
        .toList();
  }

  /** The findings themselves, for assertions on messages. */
  static List<Finding> findings(String ruleId, String profile, Document document) {
    Engine engine = new Engine(BuiltInRules.registry(), Config.DEFAULT.withForcedProfile(profile));
    return engine.check(document, Optional.empty()).stream().filter(f -> f.ruleId().equals(ruleId)).toList();
  }
}
