package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.rules.schema.CrdCatalog;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Against the mock's CRUD mode: CRDs created, changed and deleted through the client, seen by the informer's watch. */
class CrdSourceTest {
  private final TestApiServer server = new TestApiServer();

  @AfterEach
  void stop() {
    server.close();
  }

  private static CustomResourceDefinition crd(String plural, String kind, String... versions) {
    StringBuilder vs = new StringBuilder();
    for (String v : versions) {
      vs.append(vs.length() == 0 ? "" : ",").append("""
          {"name":"%s","served":true,"storage":%s,"subresources":{"status":{}},
           "schema":{"openAPIV3Schema":{"type":"object","properties":{"status":{"type":"object"}}}}}"""
          .formatted(v, vs.length() == 0));
    }
    String json = """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"%s.example.com"},
         "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"%s","kind":"%s"},"versions":[%s]}}"""
        .formatted(plural, plural, kind, vs);
    return Serialization.unmarshal(json, CustomResourceDefinition.class);
  }

  private static List<String> known(CrdCatalog catalog, String... apiVersionKinds) {
    List<String> out = new ArrayList<>();
    for (String avk : apiVersionKinds) {
      String[] parts = avk.split(" ");
      if (catalog.find(parts[0], parts[1]).isPresent()) {
        out.add(avk);
      }
    }
    return out;
  }

  /** Polls for at most 10 s: an informer hears of a change within milliseconds here, within seconds in a cluster. */
  private static void eventually(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "not seen within 10 s");
      Thread.sleep(20);
    }
  }

  @Test
  void theCrdsOfTheClusterAreInTheCatalogueOnceSyncedAndChangesArriveWithoutARestart() throws Exception {
    try (TestClients clients = new TestClients(server)) {
      var crds = clients.client.apiextensions().v1().customResourceDefinitions();
      crds.resource(crd("widgets", "Widget", "v1")).create();
      crds.resource(crd("gadgets", "Gadget", "v1")).create();
      AtomicInteger changes = new AtomicInteger();

      try (CrdSource source = new CrdSource(clients.client, changes::incrementAndGet).start()) {
        assertTrue(source.awaitSynced(Duration.ofSeconds(10)));
        assertTrue(source.synced());
        assertEquals(List.of("example.com/v1 Widget", "example.com/v1 Gadget"),
            known(source.catalog(), "example.com/v1 Widget", "example.com/v1 Gadget", "example.com/v1 Sprocket"));

        crds.resource(crd("sprockets", "Sprocket", "v1")).create();
        eventually(() -> source.catalog().find("example.com/v1", "Sprocket").isPresent());

        crds.resource(crd("widgets", "Widget", "v2", "v1")).update();
        eventually(() -> source.catalog().find("example.com/v2", "Widget").isPresent());
        assertTrue(source.catalog().find("example.com/v1", "Widget").isPresent());

        crds.withName("gadgets.example.com").delete();
        eventually(() -> source.catalog().find("example.com/v1", "Gadget").isEmpty());
        assertEquals(List.of("example.com/v2 Widget", "example.com/v1 Widget", "example.com/v1 Sprocket"),
            known(source.catalog(), "example.com/v2 Widget", "example.com/v1 Widget", "example.com/v1 Gadget",
                "example.com/v1 Sprocket"));
        // The two listed, then one per change; the catalogue, read once more, is the one already built.
        assertEquals(5, changes.get());
        assertSame(source.catalog(), source.catalog());
        assertEquals(3, source.catalog().size());
      }
    }
  }

  @Test
  void aFirstListThatFailsIsTriedAgain() throws Exception {
    try (TestClients clients = new TestClients(server)) {
      server.load(Serialization.jsonMapper().<JsonNode>valueToTree(crd("widgets", "Widget", "v1")));
      // An API server not yet reachable, or RBAC not yet applied, when the webhook starts.
      server.fail("customresourcedefinitions.apiextensions.k8s.io", 503, 1);
      try (CrdSource source = new CrdSource(clients.client, () -> { }).start()) {
        assertTrue(source.awaitSynced(Duration.ofSeconds(10)));
        assertEquals(List.of("example.com/v1 Widget"), known(source.catalog(), "example.com/v1 Widget"));
      }
    }
  }

  @Test
  void theWaitForTheFirstListIsBoundedAndTheCatalogueEmptyUntilThen() throws Exception {
    server.load(DiscoveryTest.sample());
    server.delay("customresourcedefinitions.apiextensions.k8s.io", Duration.ofSeconds(30), 100);
    try (TestClients clients = new TestClients(server); CrdSource source = new CrdSource(clients.client, () -> { }).start()) {
      assertFalse(source.awaitSynced(Duration.ofMillis(300)));
      assertFalse(source.synced());
      assertEquals(0, source.catalog().size());
    }
  }
}
