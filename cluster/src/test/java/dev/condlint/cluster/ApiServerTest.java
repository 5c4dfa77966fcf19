package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.condlint.cluster.testing.TestApiServer;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Retries as the test API server's injected faults call for them; a stalled answer from a bare server. */
class ApiServerTest {
  private static final String DEPLOYMENTS = "/apis/apps/v1/deployments";

  private final TestApiServer server = new TestApiServer();

  @AfterEach
  void stop() {
    server.close();
  }

  private int items(TestClients clients) throws ApiException {
    return clients.api.get(DEPLOYMENTS, Discovery.PLAIN).path("items").size();
  }

  private long listRequests() {
    return server.requests().stream().filter(p -> p.startsWith(DEPLOYMENTS)).count();
  }

  @Test
  void throttlingAndServerErrorsAreRetried() throws ApiException {
    server.load(DiscoveryTest.sample());
    server.fail("deployments.apps", 429, 1);
    server.fail("deployments.apps", 503, 1);
    try (TestClients clients = new TestClients(server)) {
      assertEquals(1, items(clients));
      assertEquals(3, listRequests());
    }
  }

  @Test
  void retriesEndAfterTheLastAttemptWithTheLastError() {
    server.load(DiscoveryTest.sample());
    server.fail("deployments.apps", 500, 5);
    try (TestClients clients = new TestClients(server)) {
      ApiException e = assertThrows(ApiException.class, () -> items(clients));

      assertEquals("HTTP 500 InternalError: injected failure 500 (after 3 attempts)", e.describe());
      assertEquals(3, listRequests());
    }
  }

  @Test
  void aRefusalIsNotRetried() {
    server.load(DiscoveryTest.sample());
    server.forbid("deployments.apps");
    try (TestClients clients = new TestClients(server)) {
      ApiException e = assertThrows(ApiException.class, () -> items(clients));

      assertEquals(403, e.code());
      assertEquals("HTTP 403 Forbidden: deployments.apps is forbidden: User \"test\" cannot list resource", e.describe());
      assertEquals(1, listRequests());
    }
  }

  @Test
  void anAnswerThatComesTooLateIsAskedForAgain() throws ApiException {
    server.load(DiscoveryTest.sample());
    server.delay("deployments.apps", Duration.ofMillis(1500), 1);
    try (TestClients clients = new TestClients(server, Duration.ofMillis(500))) {
      assertEquals(1, items(clients));
      assertEquals(2, listRequests());
    }
  }

  @Test
  void noAnswerInTimeAfterEveryAttemptIsAnError() {
    server.load(DiscoveryTest.sample());
    server.delay("deployments.apps", Duration.ofMillis(1000), 3);
    try (TestClients clients = new TestClients(server, Duration.ofMillis(300))) {
      ApiException e = assertThrows(ApiException.class, () -> items(clients));

      assertEquals("no answer to GET " + DEPLOYMENTS + " within 300ms (after 3 attempts)", e.describe());
    }
  }

  @Test
  void anAnswerThatStallsHalfwayIsAbandonedAndAskedForAgain() throws Exception {
    Vertx vertx = Vertx.vertx();
    AtomicInteger requests = new AtomicInteger();
    List<String> completed = Collections.synchronizedList(new java.util.ArrayList<>());
    HttpServer bare = vertx.createHttpServer().requestHandler(req -> {
      req.response().setChunked(true).putHeader("Content-Type", "application/json");
      if (requests.incrementAndGet() == 1) {
        // Headers and half an answer, then silence.
        req.response().write("{\"kind\":\"DeploymentList\",\"items\":[");
      } else {
        completed.add(req.path());
        req.response().end("{\"kind\":\"DeploymentList\",\"items\":[{\"metadata\":{\"name\":\"web\"}}]}");
      }
    }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().join();
    try (KubernetesClient client = KubeClients.create(new ConfigBuilder(io.fabric8.kubernetes.client.Config.empty())
            .withMasterUrl("http://127.0.0.1:" + bare.actualPort()).build(), vertx);
         ApiServer api = new ApiServer(client, Duration.ofMillis(300), TestClients.QUICK)) {
      assertEquals(1, api.get(DEPLOYMENTS, Discovery.PLAIN).path("items").size());
      assertEquals(2, requests.get());
      assertEquals(List.of(DEPLOYMENTS), completed);
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().join();
    }
  }
}
