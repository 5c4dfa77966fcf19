package dev.condlint.cluster;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.time.Duration;

/**
 * One command's access to a cluster: a Vert.x instance, the fabric8 client on it and the API server
 * reached through that client, closed together. Vert.x writes no file cache: an audit in a pod with
 * a read-only root file system must not fail for want of a scratch directory.
 */
public final class ClusterSession implements AutoCloseable {
  private final Vertx vertx;
  private final KubernetesClient client;
  private final ApiServer api;

  private ClusterSession(Vertx vertx, KubernetesClient client, ApiServer api) {
    this.vertx = vertx;
    this.client = client;
    this.api = api;
  }

  /**
   * Connects as the connection says; a {@link ClusterException} when its configuration cannot be read.
   *
   * @param timeout how long a request may wait for its answer to start, and an answer may pause
   */
  public static ClusterSession open(Connection connection, Duration timeout, Retry retry) {
    return open(connection.config(), timeout, retry);
  }

  /** Connects with this client configuration. */
  public static ClusterSession open(Config config, Duration timeout, Retry retry) {
    Vertx vertx = Vertx.vertx(new VertxOptions().setFileSystemOptions(
        new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false)));
    try {
      KubernetesClient client = KubeClients.create(config, vertx);
      return new ClusterSession(vertx, client, new ApiServer(client, timeout, retry));
    } catch (RuntimeException e) {
      vertx.close();
      throw e;
    }
  }

  public KubernetesClient client() {
    return client;
  }

  /** The process's one Vert.x, for a server that runs beside the client (the monitor's metrics). */
  public Vertx vertx() {
    return vertx;
  }

  public ApiServer api() {
    return api;
  }

  @Override
  public void close() {
    api.close();
    client.close();
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }
}
