package dev.condlint.webhook;

import dev.condlint.certs.SelfSignedCertificates;
import dev.condlint.certs.ServingCertificate;
import dev.condlint.certs.kube.CertificateManager;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The serving certificate, from one of three sources: an in-memory self-signed one
 * ({@code --self-signed}), PEM files that are reloaded when they change, or the certificates the
 * webhook keeps itself in a Secret ({@code --manage-certs}). The server's TLS reads it through one
 * {@link ReloadingKeyManager}, so a new certificate is presented from the next handshake on.
 */
final class ServingCertificates {
  private final WebhookOptions options;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final Optional<FileWatcher> files;
  private final Optional<CertificateKeeper> keeper;
  private final AtomicReference<ReloadingKeyManager> keyManager = new AtomicReference<>();
  private final AtomicReference<ServingCertificate> served = new AtomicReference<>();

  ServingCertificates(WebhookOptions options, Optional<CertificateKeeper> keeper, WebhookMetrics metrics, JsonLog log) {
    this.options = options;
    this.keeper = keeper;
    this.metrics = metrics;
    this.log = log;
    this.files = options.tlsCert().map(cert -> new FileWatcher(List.of(cert, options.tlsKey().orElseThrow())));
  }

  /** Loads the first certificate; fails if there is none to serve. */
  void load() throws IOException {
    if (options.selfSigned()) {
      apply(SelfSignedCertificates.local(Duration.ofDays(365)));
    } else if (keeper.isPresent()) {
      keep();
    } else {
      reloadFiles();
    }
  }

  /** What the server's TLS presents; valid once {@link #load} succeeded. */
  ReloadingKeyManager keyManager() {
    return keyManager.get();
  }

  /** Whether a certificate is served and unexpired at {@code now}. */
  boolean validAt(Instant now) {
    ServingCertificate certificate = served.get();
    return keyManager.get() != null && certificate != null && now.isBefore(certificate.notAfter());
  }

  boolean fromFiles() {
    return files.isPresent();
  }

  /** Serves the PEM files when they changed; present when a new certificate was loaded. */
  Optional<ServingCertificate> reloadFiles() throws IOException {
    return files.orElseThrow().poll(pem -> apply(ServingCertificate.fromPem(pem.get(0), pem.get(1))));
  }

  /**
   * Runs the certificate keeper and serves what the Secret holds when it differs from what is served
   * (renewed here, or by another replica). Present when a new certificate was loaded.
   */
  Optional<ServingCertificate> keep() {
    CertificateManager.Outcome outcome = keeper.orElseThrow().reconcile();
    if (outcome.secret() != CertificateManager.Change.UNCHANGED || outcome.injected()) {
      ManagedCertificates managed = options.managedCertificates().orElseThrow();
      log.info("certificates managed", line -> line
          .put("secret", managed.namespace() + "/" + managed.secret())
          .put("change", outcome.secret().name().toLowerCase(Locale.ROOT))
          .put("caBundleInjected", outcome.injected())
          .put("trustedCAs", outcome.bundle().trusted().size()));
    }
    ServingCertificate current = served.get();
    ServingCertificate stored = outcome.bundle().serving();
    if (current != null && current.certificate().equals(stored.certificate())) {
      return Optional.empty();
    }
    return Optional.of(apply(stored));
  }

  private ServingCertificate apply(ServingCertificate certificate) {
    ReloadingKeyManager current = keyManager.get();
    if (current == null) {
      keyManager.set(new ReloadingKeyManager(certificate));
    } else {
      current.swap(certificate);
    }
    served.set(certificate);
    metrics.certificateLoaded(certificate.notAfter());
    log.info("serving certificate loaded", line -> line
        .put("subject", certificate.certificate().getSubjectX500Principal().getName())
        .put("serial", certificate.certificate().getSerialNumber().toString(16))
        .put("notAfter", certificate.notAfter().toString()));
    return certificate;
  }
}
