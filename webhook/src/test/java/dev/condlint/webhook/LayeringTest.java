package dev.condlint.webhook;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/** The webhook above admission above the engine; certificates and the cluster's CRDs beside admission. */
class LayeringTest {
  @Test
  void webhookAboveAdmissionAboveTheEngine() {
    Layering.ofModuleOf(Webhook.class)
        .layer("webhook", "dev.condlint.webhook..")
        .layer("admission", "dev.condlint.admission..")
        .layer("certificates", "dev.condlint.certs..")
        .layer("cluster", "dev.condlint.cluster..")
        .layer("engine", "dev.condlint.rules..")
        .layer("yaml", "dev.condlint.yaml..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
