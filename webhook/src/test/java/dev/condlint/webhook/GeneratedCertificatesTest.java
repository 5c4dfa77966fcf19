package dev.condlint.webhook;

import static dev.condlint.webhook.ManagedCertificatesTest.handshake;
import static dev.condlint.webhook.ManagedCertificatesTest.trusting;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.KeyAlgorithm;
import dev.condlint.certs.PemDirectory;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.RotationPolicy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

/** The files condlint-certs writes, served by the webhook to a client that trusts only their CA. */
class GeneratedCertificatesTest {

  @ParameterizedTest
  @EnumSource(KeyAlgorithm.class)
  void aClientTrustingOnlyTheGeneratedCaCompletesTheHandshake(KeyAlgorithm algorithm, @TempDir Path dir) throws Exception {
    RotationPolicy policy = new RotationPolicy("condlint-webhook", List.of("localhost", "condlint-webhook.condlint.svc"),
        RotationPolicy.DEFAULT_CA_VALIDITY, RotationPolicy.DEFAULT_SERVING_VALIDITY, algorithm);
    CertificateBundle bundle = new Rotation(Clock.systemUTC(), policy).create();
    new PemDirectory(dir).write(bundle);
    TestWebhooks.Running webhook = TestWebhooks.start(
        WebhookOptions.selfSigned(0).withTls(dir.resolve("tls.crt"), dir.resolve("tls.key")));
    try {
      assertEquals(bundle.serving().certificate(), handshake(trusting(bundle.trusted()), webhook.port()));
      CertificateBundle other = new Rotation(Clock.systemUTC(), policy).create();
      assertThrows(SSLHandshakeException.class, () -> handshake(trusting(other.trusted()), webhook.port()));
    } finally {
      await(webhook.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @org.junit.jupiter.api.Test
  void manageCertsTakesTheServiceSecretAndWebhookConfigurationFromOptions() {
    Main main = new Main();
    new CommandLine(main).parseArgs("--manage-certs", "--namespace", "tools", "--cert-check-interval", "2h");
    ManagedCertificates managed = main.options().managedCertificates().orElseThrow();
    assertEquals(new ManagedCertificates("condlint-webhook", "tools", "condlint-webhook-tls", "condlint",
        Duration.ofHours(2), List.of()), managed);
    Main both = new Main();
    new CommandLine(both).parseArgs("--manage-certs", "--self-signed");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, both::options);
    assertEquals("give one of --self-signed, --manage-certs, or both --tls-cert and --tls-key", e.getMessage());
  }
}
