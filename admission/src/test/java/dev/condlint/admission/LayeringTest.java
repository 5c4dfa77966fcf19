package dev.condlint.admission;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/**
 * admission turns an AdmissionReview into a decision with the engine, for the webhook and {@code condlint
 * review}: above the engine, below both front ends; it reads no file, no cluster and no YAML.
 */
class LayeringTest {
  @Test
  void standsOnTheEngine() {
    Layering.ofModuleOf(Admission.class)
        .layer("admission", "dev.condlint.admission..")
        .layer("engine", "dev.condlint.rules..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
