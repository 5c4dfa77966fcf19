package dev.condlint.cluster;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;

/** A fabric8 client on the process's one Vert.x instance. */
public final class KubeClients {
  private KubeClients() {}

  /**
   * fabric8's own retries are off: {@link ApiServer} retries what is worth retrying (timeouts and
   * dropped bodies too, which fabric8 does not) and says what failed when it gives up.
   */
  public static KubernetesClient create(Config config, Vertx vertx) {
    config.setRequestRetryBackoffLimit(0);
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withHttpClientFactory(new VertxHttpClientFactory(vertx))
        .build();
  }
}
