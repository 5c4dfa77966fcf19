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
    return open(config, timeout, retry, Duration.ofSeconds(2));
  }

  /**
   * Connects as the connection says, for informers: fabric8 reads each page of a list on the event
   * loop that received it, which on a busy machine takes seconds for a page of 500 large objects, and
   * the monitor lets that loop wait while its judge catches up. Vert.x warns of a loop blocked longer
   * than {@code eventLoopWork}: set it above what is expected, so that only the unexpected is logged.
   */
  public static ClusterSession open(Connection connection, Duration timeout, Retry retry, Duration eventLoopWork) {
    return open(connection.config(), timeout, retry, eventLoopWork);
  }

  /** Connects with this client configuration; Vert.x warns of an event loop blocked longer than {@code eventLoopWork}. */
  public static ClusterSession open(Config config, Duration timeout, Retry retry, Duration eventLoopWork) {
    Vertx vertx = Vertx.vertx(new VertxOptions()
        .setMaxEventLoopExecuteTime(eventLoopWork.toNanos())
        .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false)));
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
