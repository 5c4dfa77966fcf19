package dev.condlint.certs.kube;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.Rotation;
import dev.condlint.cluster.ClusterException;
import dev.condlint.cluster.KubernetesRetry;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Keeps a webhook's certificates in its Secret and its CA bundle in its webhook configuration:
 * creates them when missing, renews them when due, and injects the bundle where it differs. Each
 * step reads, decides and writes conditionally, and starts over on a conflict, so that any number
 * of replicas and CronJobs may run it at once: the first write wins and the others find nothing to do.
 */
public final class CertificateManager {
  private final TlsSecret secret;
  private final Optional<CaBundleInjector> injector;
  private final KubernetesRetry retry;

  public CertificateManager(TlsSecret secret, Optional<CaBundleInjector> injector, KubernetesRetry retry) {
    this.secret = secret;
    this.injector = injector;
    this.retry = retry;
  }

  /** What a run found and did. */
  public record Outcome(CertificateBundle bundle, Change secret, boolean injected) {}

  /** What happened to the Secret's certificates. */
  public enum Change { CREATED, RENEWED, UNCHANGED }

  /**
   * Creates the certificates when the Secret has none, renews them when due, then injects the bundle;
   * a renewed CA is injected before the Secret changes.
   */
  public Outcome reconcile(Rotation rotation) {
    Stored stored = retried("storing the certificates in " + secret.describe(), () -> {
      TlsSecret.Read read = secret.read();
      if (read.bundle().isEmpty()) {
        CertificateBundle created = rotation.create();
        secret.write(read, created);
        return new Stored(created, Change.CREATED);
      }
      CertificateBundle current = read.bundle().get();
      Optional<CertificateBundle> renewed = rotation.renew(current);
      if (renewed.isPresent() && !current.trusted().containsAll(renewed.get().trusted())) {
        // The API server must trust a new CA before any replica can serve a certificate it signed, and
        // the old CA stays in the bundle, so this is safe even if the Secret write below then fails.
        injector.ifPresent(i -> i.inject(renewed.get().trustedPem()));
      }
      renewed.ifPresent(bundle -> secret.write(read, bundle));
      return new Stored(renewed.orElse(read.bundle().get()), renewed.isPresent() ? Change.RENEWED : Change.UNCHANGED);
    });
    return new Outcome(stored.bundle(), stored.change(), injectBundle(stored.bundle().trustedPem()));
  }

  /**
   * New certificates in place of any there are. Refuses to replace a bundle unless {@code replace}:
   * a new CA without overlap breaks every replica still serving the old certificate.
   */
  public Outcome create(Rotation rotation, boolean replace) {
    Stored stored = retried("storing the certificates in " + secret.describe(), () -> {
      TlsSecret.Read read = secret.read();
      if (read.bundle().isPresent() && !replace) {
        throw new CertificateManagementException(secret.describe() + " already holds certificates; use rotate to renew"
            + " them, or --force to replace them (the webhook fails until every replica serves the new ones)");
      }
      CertificateBundle created = rotation.create();
      secret.write(read, created);
      return new Stored(created, Change.CREATED);
    });
    return new Outcome(stored.bundle(), stored.change(), injectBundle(stored.bundle().trustedPem()));
  }

  /** Writes the Secret's CA bundle into the webhook configuration. */
  public boolean inject() {
    TlsSecret.Read read = retried("reading " + secret.describe(), secret::read);
    CertificateBundle bundle = read.bundle().orElseThrow(() -> new CertificateManagementException(
        secret.describe() + " holds no certificates yet; run condlint-certs create first"));
    return injectBundle(bundle.trustedPem());
  }

  /** Writes this CA bundle (PEM) into the webhook configuration. */
  public boolean injectBundle(String bundlePem) {
    return injector.map(i -> retried("injecting the CA bundle", () -> i.inject(bundlePem))).orElse(false);
  }

  /** The call, tried as the retry says; what stops it is this module's failure, with the same message. */
  private <T> T retried(String what, Supplier<T> call) {
    try {
      return retry.call(what, call);
    } catch (ClusterException e) {
      throw new CertificateManagementException(e.getMessage(), e.getCause());
    }
  }

  private record Stored(CertificateBundle bundle, Change change) {}
}
