package dev.condlint.cluster;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;

/**
 * The one way condlint builds a fabric8 client (the audit, the webhook, condlint-certs): on fabric8's
 * Vert.x transport, with fabric8's own retries off, since condlint retries as its {@link Retry} says
 * ({@link ApiServer} for reads, timeouts and dropped bodies too, which fabric8 does not;
 * {@link KubernetesRetry} for writes, conflicts too) and says what failed when it gives up.
 */
public final class KubeClients {
  private KubeClients() {}

  /** A client on the process's one Vert.x instance. */
  public static KubernetesClient create(Config config, Vertx vertx) {
    return build(config, new VertxHttpClientFactory(vertx));
  }

  /** A client on a Vert.x instance of its own, which closing the client closes: for a process that has none. */
  public static KubernetesClient create(Config config) {
    return build(config, new VertxHttpClientFactory());
  }

  private static KubernetesClient build(Config config, VertxHttpClientFactory transport) {
    config.setRequestRetryBackoffLimit(0);
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withHttpClientFactory(transport)
        .build();
  }
}
