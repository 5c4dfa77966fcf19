package dev.condlint.yaml;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/** The YAML reader builds the model's documents: it stands on the model alone, and knows no rule. */
class LayeringTest {
  @Test
  void standsOnTheModelAlone() {
    Layering.ofModuleOf(YamlDocuments.class)
        .layer("yaml", "dev.condlint.yaml..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
