package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Document;
import dev.condlint.rules.testing.ObjectFixtures;

/** The objects the shape rules' tests write their conditions into. */
final class ShapeFixtures {
  private ShapeFixtures() {}

  /**
   * The header every fixture starts with: a custom resource whose {@code status.conditions} the test
   * fills in from line 6, with items indented by two spaces.
   */
  static final String DATABASE = ObjectFixtures.database("");

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
}
