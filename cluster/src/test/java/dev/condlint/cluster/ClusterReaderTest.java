package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.rules.schema.CrdCatalog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ClusterReaderTest {
  private final TestApiServer server = new TestApiServer();

  @AfterEach
  void stop() {
    server.close();
  }

  /** What a read handed on: CRDs, the catalogue's size, and the objects of each resource by its index. */
  private static final class Recorder implements ClusterReader.Sink {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    final Map<Integer, List<String>> objects = Collections.synchronizedMap(new TreeMap<>());

    @Override
    public void crd(ObjectNode crd, boolean audited) {
      events.add("crd " + crd.path("metadata").path("name").asText() + (audited ? " audited" : ""));
    }

    @Override
    public void contracts(CrdCatalog catalog) {
      events.add("contracts " + catalog.size());
    }

    @Override
    public void object(int index, ApiResource resource, ObjectNode object) {
      objects.computeIfAbsent(index, i -> Collections.synchronizedList(new ArrayList<>()))
          .add(resource.kind() + " " + object.path("metadata").path("namespace").asText() + "/"
              + object.path("metadata").path("name").asText());
    }
  }

  /** What this test's reads handed on. */
  private final Recorder recorder = new Recorder();

  /** Reads the test server into {@link #recorder}. */
  private ClusterReader.Read read(Optional<String> namespace, KindFilter kinds, int concurrency) throws ApiException {
    try (TestClients clients = new TestClients(server)) {
      return new ClusterReader(clients.api,
          new ClusterReader.Options(namespace, Optional.empty(), kinds, 2, concurrency), Progress.NONE)
          .read(recorder);
    }
  }

  private static List<String> names(ClusterReader.Read read) {
    return read.resources().stream().map(ApiResource::displayName).toList();
  }

  /** The sample, a second Pod in another namespace, and a Gadget CRD whose schema has a status but no subresource. */
  private void load() {
    List<JsonNode> objects = new ArrayList<>(DiscoveryTest.sample());
    objects.add(DiscoveryTest.json("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"db-0\",\"namespace\":\"data\"}}"));
    objects.add(DiscoveryTest.json("""
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"gadgets.example.com"},
         "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"gadgets","kind":"Gadget"},
           "versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object",
             "properties":{"status":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}}}]}}"""));
    objects.add(DiscoveryTest.json("{\"apiVersion\":\"example.com/v1\",\"kind\":\"Gadget\",\"metadata\":{\"name\":\"g\",\"namespace\":\"shop\"}}"));
    server.load(objects);
  }

  @Test
  void everyResourceWithAStatusIsListedAfterTheCrds() throws ApiException {
    load();

    ClusterReader.Read read = read(Optional.empty(), KindFilter.ALL, 3);

    // ConfigMaps have no status; gadgets have none as a subresource, but their CRD's schema declares one.
    assertEquals(List.of("pods", "customresourcedefinitions.apiextensions.k8s.io", "deployments.apps",
        "gadgets.example.com", "widgets.example.com"), names(read));
    assertEquals(List.of("crd gadgets.example.com audited", "crd widgets.example.com audited", "contracts 1"),
        recorder.events);
    assertEquals(Map.of(
        0, List.of("Pod data/db-0", "Pod shop/web-1"),
        1, List.of("CustomResourceDefinition /gadgets.example.com", "CustomResourceDefinition /widgets.example.com"),
        2, List.of("Deployment shop/web"),
        3, List.of("Gadget shop/g"),
        4, List.of("Widget shop/a", "Widget shop/b")), recorder.objects);
    assertEquals(List.of(2L, 2L, 1L, 1L, 2L), read.objects());
    assertEquals(List.of(), read.problems());
  }

  @Test
  void aNamespaceLeavesOutClusterScopedResourcesAndOtherNamespacesButNotTheContracts() throws ApiException {
    load();

    ClusterReader.Read read = read(Optional.of("data"), KindFilter.ALL, 1);

    assertEquals(List.of("pods", "deployments.apps", "gadgets.example.com", "widgets.example.com"), names(read));
    assertEquals(List.of("crd gadgets.example.com", "crd widgets.example.com", "contracts 1"), recorder.events);
    assertEquals(Map.of(0, List.of("Pod data/db-0")), recorder.objects);
  }

  @Test
  void kindsChooseTheResources() throws ApiException {
    load();

    ClusterReader.Read read = read(Optional.empty(), KindFilter.of(List.of("example.com/*"), List.of("Gadget")), 2);

    assertEquals(List.of("widgets.example.com"), names(read));
    assertEquals(Map.of(0, List.of("Widget shop/a", "Widget shop/b")), recorder.objects);
  }

  @Test
  void aRefusedResourceIsAProblemAndTheOthersAreRead() throws ApiException {
    load();
    server.forbid("deployments.apps");

    ClusterReader.Read read = read(Optional.empty(), KindFilter.ALL, 2);

    assertEquals(List.of(new ReadProblem("deployments.apps",
        "HTTP 403 Forbidden: deployments.apps is forbidden: User \"test\" cannot list resource")), read.problems());
    assertEquals(List.of(2L, 2L, 0L, 1L, 2L), read.objects());
    assertEquals(List.of(0, 1, 3, 4), new ArrayList<>(recorder.objects.keySet()));
  }

  @Test
  void withoutTheCrdsCustomResourcesAreStillReadWithoutContracts() throws ApiException {
    load();
    server.forbid("customresourcedefinitions.apiextensions.k8s.io");

    ClusterReader.Read read = read(Optional.empty(), KindFilter.ALL, 2);

    assertEquals(List.of("contracts 0"), recorder.events);
    // Gadgets have a status only by their CRD's schema, which could not be read.
    assertEquals(List.of("pods", "customresourcedefinitions.apiextensions.k8s.io", "deployments.apps",
        "widgets.example.com"), names(read));
    assertEquals(List.of(
        new ReadProblem("customresourcedefinitions.apiextensions.k8s.io", "HTTP 403 Forbidden: customresourcedefinitions"
            + ".apiextensions.k8s.io is forbidden: User \"test\" cannot list resource; custom resources are judged"
            + " without their CRDs"),
        new ReadProblem("customresourcedefinitions.apiextensions.k8s.io", "HTTP 403 Forbidden: customresourcedefinitions"
            + ".apiextensions.k8s.io is forbidden: User \"test\" cannot list resource")), read.problems());
  }

  @Test
  void theProgressCountsListedResourcesAndObjects() throws ApiException {
    load();
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    try (TestClients clients = new TestClients(server)) {
      new ClusterReader(clients.api, new ClusterReader.Options(Optional.empty(), Optional.empty(), KindFilter.ALL, 500, 1),
          (done, total, objects) -> seen.add(done + "/" + total + " " + objects)).read(new Recorder());
    }
    // One resource listed at a time: each object read, then its resource done.
    assertEquals(List.of("0/5 0", "0/5 1", "0/5 2", "1/5 2", "1/5 3", "1/5 4", "2/5 4", "2/5 5", "3/5 5", "3/5 6",
        "4/5 6", "4/5 7", "4/5 8", "5/5 8"), seen);
  }

  @Test
  void theTestServerKeepsObjectsOfOneNameApartAndAGroupsKindOutOfTheCoreList() throws ApiException {
    // Labelled objects of one name (the mock's keys hold the labels), and a Knative Service beside a core one.
    List<ObjectNode> stored = server.load(List.of(
        DiscoveryTest.json("{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"web\",\"namespace\":\"shop\"}}"),
        DiscoveryTest.json("{\"apiVersion\":\"serving.knative.dev/v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"web\","
            + "\"namespace\":\"shop\",\"labels\":{\"app\":\"web\"}}}"),
        DiscoveryTest.json("{\"apiVersion\":\"serving.knative.dev/v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"web\","
            + "\"namespace\":\"shop\",\"labels\":{\"app\":\"web\"}}}")));

    ClusterReader.Read read = read(Optional.empty(), KindFilter.ALL, 1);

    assertEquals(List.of("web", "web", "web-2"),
        stored.stream().map(o -> o.path("metadata").path("name").asText()).toList());
    assertEquals(List.of("services", "customresourcedefinitions.apiextensions.k8s.io", "services.serving.knative.dev"),
        names(read));
    assertEquals(Map.of(0, List.of("Service shop/web"), 2, List.of("Service shop/web", "Service shop/web-2")),
        recorder.objects);
  }
}
