package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.kube.CaBundleInjector;
import dev.condlint.certs.kube.CertificateManager;
import dev.condlint.certs.kube.TlsSecret;
import dev.condlint.cluster.KubernetesRetry;
import dev.condlint.cluster.Retry;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code condlint-certs inject}: the CA bundle into the webhook configuration. */
@Command(name = "inject", mixinStandardHelpOptions = true,
    description = "Write the CA bundle into the caBundle of every webhook of a ValidatingWebhookConfiguration,"
        + " from the Secret (--secret) or a PEM file (--ca-file, as create --out writes it).")
final class InjectCommand implements Callable<Integer> {
  @ParentCommand
  CertsCommand parent;

  @Option(names = "--webhook-config", paramLabel = "NAME", defaultValue = CaBundleInjector.DEFAULT_CONFIGURATION,
      description = "The ValidatingWebhookConfiguration (default: ${DEFAULT-VALUE}).")
  String webhookConfig;

  @Option(names = "--namespace", paramLabel = "NS", defaultValue = "${env:POD_NAMESPACE:-condlint}",
      description = "The Secret's namespace [POD_NAMESPACE] (default: ${DEFAULT-VALUE}).")
  String namespace;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  static final class Source {
    @Option(names = "--secret", paramLabel = "NAME", required = true, description = "Take ca.crt from this Secret.")
    String secret;

    @Option(names = "--ca-file", paramLabel = "FILE", required = true, description = "Take the bundle from this PEM file.")
    Path caFile;
  }

  @Override
  public Integer call() throws IOException {
    Optional<String> bundle = source.caFile == null
        ? Optional.empty()
        : Optional.of(Files.readString(source.caFile, StandardCharsets.US_ASCII));
    try {
      bundle.ifPresent(CertificateBundle::certificates);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(source.caFile + ": " + e.getMessage(), e);
    }
    try (KubernetesClient client = parent.clients.get()) {
      CertificateManager manager = new CertificateManager(new TlsSecret(client, namespace, String.valueOf(source.secret)),
          Optional.of(new CaBundleInjector(client, webhookConfig)), new KubernetesRetry(Retry.DEFAULT));
      boolean changed = bundle.isPresent() ? manager.injectBundle(bundle.get()) : manager.inject();
      parent.out().println(Reports.injection(changed, webhookConfig));
      return 0;
    }
  }
}
