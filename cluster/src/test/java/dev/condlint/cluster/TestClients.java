package dev.condlint.cluster;

import dev.condlint.cluster.testing.TestApiServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.vertx.core.Vertx;
import java.time.Duration;

/** A client of a test API server on its own Vert.x, with quick retries; closes both. */
final class TestClients implements AutoCloseable {
  static final Retry QUICK = new Retry(3, Duration.ofMillis(1));

  final Vertx vertx = Vertx.vertx();
  final KubernetesClient client;
  final ApiServer api;

  TestClients(TestApiServer server) {
    this(server, Duration.ofSeconds(10));
  }

  TestClients(TestApiServer server, Duration timeout) {
    client = KubeClients.create(server.config(), vertx);
    api = new ApiServer(client, timeout, QUICK);
  }

  @Override
  public void close() {
    api.close();
    client.close();
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }
}
