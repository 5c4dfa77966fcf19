package dev.condlint.certs;

import dev.condlint.build.Layering;
import org.junit.jupiter.api.Test;

/**
 * certs: the condlint-certs command above the Kubernetes steps above the certificates themselves,
 * which know no API server.
 */
class LayeringTest {
  @Test
  void commandAboveKubernetesAboveCertificates() {
    Layering.ofModuleOf(Rotation.class)
        .layer("command", "dev.condlint.certs.cli..")
        .layer("kubernetes", "dev.condlint.certs.kube..")
        .layer("certificates", "dev.condlint.certs")
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
