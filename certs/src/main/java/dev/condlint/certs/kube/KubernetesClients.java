package dev.condlint.certs.kube;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;

/**
 * Kubernetes clients for {@code condlint-certs}, configured from the kubeconfig or the pod's service
 * account. (The webhook's client, on the webhook's own Vert.x, is the cluster module's KubeClients.)
 */
public final class KubernetesClients {
  private KubernetesClients() {}

  public static KubernetesClient create() {
    return create(Config.autoConfigure(null));
  }

  /**
   * A client on fabric8's Vert.x transport. fabric8's own retries are off: {@link KubernetesRetry}
   * retries, including conflicts, and ends with an error that says what failed.
   */
  public static KubernetesClient create(Config config) {
    config.setRequestRetryBackoffLimit(0);
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withHttpClientFactory(new VertxHttpClientFactory())
        .build();
  }
}
