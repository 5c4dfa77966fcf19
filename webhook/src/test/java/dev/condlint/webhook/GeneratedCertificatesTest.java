package dev.condlint.webhook;

import static dev.condlint.webhook.ManagedCertificatesTest.handshake;
import static dev.condlint.webhook.ManagedCertificatesTest.trusting;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.KeyAlgorithm;
import dev.condlint.certs.PemDirectory;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.RotationPolicy;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.cert.CertificateExpiredException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
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

  /** Handshakes with host name verification against this host name (the webhook listens on 127.0.0.1). */
  static X509Certificate handshakeAs(SSLContext context, String host, int port) throws Exception {
    try (java.net.Socket socket = new java.net.Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port));
      SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(socket, host, port, true);
      SSLParameters parameters = tls.getSSLParameters();
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
      tls.setSSLParameters(parameters);
      tls.startHandshake();
      return (X509Certificate) tls.getSession().getPeerCertificates()[0];
    }
  }

  @org.junit.jupiter.api.Test
  void theHandshakeChecksTheServiceNamesAndTheExpiry(@TempDir Path dir) throws Exception {
    // Issued 100 days ago: the CA (5 years) is valid, the 90-day serving certificate expired 10 days ago.
    Instant issued = Instant.now().minus(Duration.ofDays(100));
    RotationPolicy policy = RotationPolicy.forService("condlint-webhook", "condlint");
    CertificateBundle old = new Rotation(Clock.fixed(issued, ZoneOffset.UTC), policy).create();
    CertificateBundle fresh = new Rotation(Clock.systemUTC(), policy).create();
    Path freshDir = dir.resolve("fresh");
    new PemDirectory(freshDir).write(fresh);
    TestWebhooks.Running webhook = TestWebhooks.start(
        WebhookOptions.selfSigned(0).withTls(freshDir.resolve("tls.crt"), freshDir.resolve("tls.key")));
    try {
      SSLContext trusting = trusting(fresh.trusted());
      // The name the API server calls the Service by, and the other three forms, are all in the certificate.
      for (String name : List.of("condlint-webhook", "condlint-webhook.condlint", "condlint-webhook.condlint.svc",
          "condlint-webhook.condlint.svc.cluster.local")) {
        assertEquals(fresh.serving().certificate(), handshakeAs(trusting, name, webhook.port()), name);
      }
      assertThrows(SSLHandshakeException.class, () -> handshakeAs(trusting, "condlint-webhook.other.svc", webhook.port()));
    } finally {
      await(webhook.webhook().shutdown(Duration.ofSeconds(5)));
    }
    Path oldDir = dir.resolve("old");
    new PemDirectory(oldDir).write(old);
    TestWebhooks.Running expired = TestWebhooks.start(
        WebhookOptions.selfSigned(0).withTls(oldDir.resolve("tls.crt"), oldDir.resolve("tls.key")));
    try {
      SSLHandshakeException e = assertThrows(SSLHandshakeException.class,
          () -> handshakeAs(trusting(old.trusted()), "condlint-webhook.condlint.svc", expired.port()));
      Throwable cause = e;
      while (cause != null && !(cause instanceof CertificateExpiredException)) {
        cause = cause.getCause();
      }
      assertNotNull(cause, "expected an expired certificate, got " + e);
    } finally {
      await(expired.webhook().shutdown(Duration.ofSeconds(5)));
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
