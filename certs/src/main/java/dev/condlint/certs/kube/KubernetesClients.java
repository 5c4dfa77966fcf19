package dev.condlint.certs.kube;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;
import java.util.Optional;

/** Kubernetes clients for certificate management, configured from the kubeconfig or the pod's service account. */
public final class KubernetesClients {
  private KubernetesClients() {}

  /**
   * A client on fabric8's Vert.x transport, on the given Vert.x instance when there is one (the
   * webhook's), else on its own. fabric8's own retries are off: {@link KubernetesRetry} retries,
   * including conflicts, and ends with an error that says what failed.
   */
  public static KubernetesClient create(Optional<Vertx> vertx) {
    return create(Config.autoConfigure(null), vertx);
  }

  public static KubernetesClient create(Config config, Optional<Vertx> vertx) {
    config.setRequestRetryBackoffLimit(0);
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withHttpClientFactory(vertx.map(VertxHttpClientFactory::new).orElseGet(VertxHttpClientFactory::new))
        .build();
  }
}
