package dev.condlint.cluster;

import dev.condlint.cluster.testing.TestApiServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;

/** A session with a test API server, with quick retries. */
final class TestClients implements AutoCloseable {
  static final Retry QUICK = new Retry(3, Duration.ofMillis(1));

  final ClusterSession session;
  final KubernetesClient client;
  final ApiServer api;

  TestClients(TestApiServer server) {
    this(server, Duration.ofSeconds(10));
  }

  TestClients(TestApiServer server, Duration timeout) {
    session = ClusterSession.open(server.config(), timeout, QUICK);
    client = session.client();
    api = session.api();
  }

  @Override
  public void close() {
    session.close();
  }
}
