package dev.condlint.certs.cli;

import dev.condlint.certs.kube.CaBundleInjector;
import dev.condlint.certs.kube.CertificateManager;
import dev.condlint.certs.kube.TlsSecret;
import dev.condlint.cluster.KubernetesRetry;
import dev.condlint.cluster.Retry;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Option;

/** The webhook configuration to inject into, and the run of a command against the API server. */
final class KubernetesOptions {
  @Option(names = "--webhook-config", paramLabel = "NAME",
      description = "Also inject the CA bundle into this ValidatingWebhookConfiguration (with --secret).")
  String webhookConfig;

  /** Runs the step against the Secret, prints what it did, and closes the client. */
  int run(CertsCommand parent, String namespace, String secretName,
      Function<CertificateManager, CertificateManager.Outcome> step) {
    try (KubernetesClient client = parent.clients.get()) {
      TlsSecret secret = new TlsSecret(client, namespace, secretName);
      CertificateManager manager = new CertificateManager(secret,
          Optional.ofNullable(webhookConfig).map(name -> new CaBundleInjector(client, name)),
          new KubernetesRetry(Retry.DEFAULT));
      CertificateManager.Outcome outcome = step.apply(manager);
      parent.out().println(Reports.certificates(outcome.secret(), outcome.bundle(), secret.describe()));
      if (webhookConfig != null) {
        parent.out().println(Reports.injection(outcome.injected(), webhookConfig));
      }
      return 0;
    }
  }
}
