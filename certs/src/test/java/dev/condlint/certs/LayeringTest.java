package dev.condlint.certs;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/**
 * certs: the condlint-certs command above the Kubernetes steps above the certificates themselves,
 * which know no API server; the client factory and retry policy come from cluster.
 */
class LayeringTest {
  @Test
  void commandAboveKubernetesAboveCertificates() {
    Layering.ofModuleOf(Rotation.class)
        .layer("command", "dev.condlint.certs.cli..")
        .layer("kubernetes", "dev.condlint.certs.kube..")
        .layer("certificates", "dev.condlint.certs")
        .layer("cluster", "dev.condlint.cluster..")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
