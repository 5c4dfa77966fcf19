package dev.condlint.webhook;

import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CaBundleInjector;
import dev.condlint.certs.kube.CertificateManager;
import dev.condlint.certs.kube.TlsSecret;
import dev.condlint.cluster.KubernetesRetry;
import dev.condlint.cluster.Retry;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.Optional;

/**
 * The webhook's own certificates ({@code --manage-certs}): the same create, renew and inject as
 * {@code condlint-certs rotate}, idempotent and leader-free, so every replica runs it. The client is
 * the webhook's, which closes it.
 */
final class CertificateKeeper {
  private final CertificateManager manager;
  private final Rotation rotation;

  CertificateKeeper(ManagedCertificates managed, KubernetesClient client, Clock clock) {
    this.manager = new CertificateManager(new TlsSecret(client, managed.namespace(), managed.secret()),
        Optional.of(new CaBundleInjector(client, managed.webhookConfig())), new KubernetesRetry(Retry.DEFAULT));
    this.rotation = new Rotation(clock, managed.policy());
  }

  /** Creates or renews the certificates when due, injects the bundle, and returns what the Secret holds. */
  CertificateManager.Outcome reconcile() {
    return manager.reconcile(rotation);
  }
}
