package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cluster.testing.TestApiServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ListPagerTest {
  private static final ApiResource WIDGETS =
      new ApiResource("example.com", "v1", "widgets", "Widget", true, Set.of("list"), true);

  private final TestApiServer server = new TestApiServer();

  @AfterEach
  void stop() {
    server.close();
  }

  /** Seven widgets, w1 to w7, over two namespaces, loaded out of order; w2 and w5 labelled app=web. */
  private void sevenWidgets() {
    List<JsonNode> objects = new ArrayList<>();
    for (int i : new int[] {5, 1, 7, 3, 2, 6, 4}) {
      objects.add(DiscoveryTest.json("{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w"
          + i + "\",\"namespace\":\"" + (i <= 4 ? "a" : "b") + "\"" + (i % 3 == 2 ? ",\"labels\":{\"app\":\"web\"}" : "")
          + "}}"));
    }
    server.load(objects);
  }

  private List<String> list(int chunkSize, Optional<String> namespace, Optional<String> selector) throws ApiException {
    List<String> names = new ArrayList<>();
    try (TestClients clients = new TestClients(server)) {
      new ListPager(clients.api, chunkSize).list(WIDGETS, namespace, selector,
          o -> names.add(o.path("metadata").path("namespace").asText() + "/" + o.path("metadata").path("name").asText()));
    }
    return names;
  }

  private List<String> listRequests() {
    return server.requests().stream().filter(p -> p.startsWith("/apis/example.com")).map(ListPagerTest::shortened)
        .toList();
  }

  /** A request with its continue token shown as "c" (its value is the server's). */
  private static String shortened(String path) {
    return path.replaceAll("continue=[^&]+", "continue=c");
  }

  private static final List<String> ALL = List.of("a/w1", "a/w2", "a/w3", "a/w4", "b/w5", "b/w6", "b/w7");

  @Test
  void aListIsReadPageByPageInTheServersOrder() throws ApiException {
    sevenWidgets();

    assertEquals(ALL, list(3, Optional.empty(), Optional.empty()));
    assertEquals(List.of("/apis/example.com/v1/widgets?limit=3", "/apis/example.com/v1/widgets?limit=3&continue=c",
        "/apis/example.com/v1/widgets?limit=3&continue=c"), listRequests());
  }

  @Test
  void aNamespaceAndALabelSelectorAreAskedOfTheServer() throws ApiException {
    sevenWidgets();

    assertEquals(List.of("a/w1", "a/w2", "a/w3", "a/w4"), list(500, Optional.of("a"), Optional.empty()));
    assertEquals(List.of("a/w2", "b/w5"), list(500, Optional.empty(), Optional.of("app=web")));
    assertEquals(List.of("/apis/example.com/v1/namespaces/a/widgets?limit=500",
        "/apis/example.com/v1/widgets?limit=500&labelSelector=app%3Dweb"), listRequests());
  }

  @Test
  void anExpiredContinueTokenStartsTheListOverAndNoObjectIsHandedOnTwice() throws ApiException {
    sevenWidgets();
    server.expireFirstContinue("widgets.example.com");

    assertEquals(ALL, list(3, Optional.empty(), Optional.empty()));
    assertEquals(List.of("/apis/example.com/v1/widgets?limit=3", "/apis/example.com/v1/widgets?limit=3&continue=c",
            "/apis/example.com/v1/widgets?limit=3", "/apis/example.com/v1/widgets?limit=3&continue=c",
            "/apis/example.com/v1/widgets?limit=3&continue=c"),
        listRequests());
  }

  @Test
  void aListWhoseTokensKeepExpiringIsGivenUpAfterThreeRestarts() {
    sevenWidgets();
    for (int i = 0; i <= ListPager.MAX_RESTARTS; i++) {
      server.expireFirstContinue("widgets.example.com");
    }

    ApiException e = assertThrows(ApiException.class, () -> list(3, Optional.empty(), Optional.empty()));
    assertEquals("HTTP 410 Expired: The provided continue parameter is too old to display a consistent list result."
        + " You can start a new list without the continue parameter. (the list broke off after 3 objects)", e.describe());
  }

  @Test
  void aPageReadAgainAfterAServerErrorHandsOnNoObjectTwice() throws ApiException {
    sevenWidgets();
    List<String> names = new ArrayList<>();
    try (TestClients clients = new TestClients(server)) {
      ListPager pager = new ListPager(clients.api, 3);
      pager.list(WIDGETS, Optional.empty(), Optional.empty(), o -> {
        names.add(o.path("metadata").path("name").asText());
        if (names.size() == 2) {
          // The next page fails once and is asked for again.
          server.fail("widgets.example.com", 503, 1);
        }
      });
    }
    assertEquals(List.of("w1", "w2", "w3", "w4", "w5", "w6", "w7"), names);
    assertEquals(4, listRequests().size());
  }

  @Test
  void itemsListedWithoutTheirTypeGetItBackFirst() throws ApiException {
    server.withUntypedItems().load(DiscoveryTest.sample());
    List<ObjectNode> objects = new ArrayList<>();
    try (TestClients clients = new TestClients(server)) {
      new ListPager(clients.api, 10).list(
          new ApiResource("apps", "v1", "deployments", "Deployment", true, Set.of("list"), true),
          Optional.empty(), Optional.empty(), objects::add);
    }
    assertEquals(1, objects.size());
    assertEquals(List.of("apiVersion", "kind", "metadata"), iterable(objects.get(0)));
    assertEquals("apps/v1", objects.get(0).path("apiVersion").asText());
    assertEquals("Deployment", objects.get(0).path("kind").asText());
  }

  private static List<String> iterable(ObjectNode o) {
    List<String> names = new ArrayList<>();
    o.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
