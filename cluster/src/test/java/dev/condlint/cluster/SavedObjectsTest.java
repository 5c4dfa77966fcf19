package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SavedObjectsTest {
  private static final ApiResource DEPLOYMENTS =
      new ApiResource("apps", "v1", "deployments", "Deployment", true, Set.of("list"), true);
  private static final ApiResource NODES = new ApiResource("", "v1", "nodes", "Node", false, Set.of("list"), true);

  @TempDir Path dir;

  private List<String> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).sorted().toList();
    }
  }

  @Test
  void eachObjectIsAFileByResourceNamespaceAndName() throws IOException {
    Path out = dir.resolve("audit");
    SavedObjects saved = SavedObjects.in(out);

    saved.save(DEPLOYMENTS, DiscoveryTest.json(
        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"namespace\":\"shop\"},"
            + "\"status\":{\"conditions\":[{\"type\":\"Available\",\"status\":\"True\"}]}}"));
    saved.save(NODES, DiscoveryTest.json("{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"n1\"}}"));
    saved.saveContract(DiscoveryTest.json("{\"apiVersion\":\"apiextensions.k8s.io/v1\","
        + "\"kind\":\"CustomResourceDefinition\",\"metadata\":{\"name\":\"widgets.example.com\"}}"));

    assertEquals(List.of(".crds/widgets.example.com.yaml", "apps/deployments/shop/web.yaml", "core/nodes/n1.yaml"),
        files(out));
    assertEquals("""
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
          namespace: shop
        status:
          conditions:
          - type: Available
            status: "True"
        """, Files.readString(out.resolve("apps/deployments/shop/web.yaml")));
    assertEquals(Optional.empty(), saved.problem());
  }

  @Test
  void aDirectoryThatHoldsSomethingIsRefused() throws IOException {
    Files.writeString(dir.resolve("old.yaml"), "x: 1\n");

    ClusterException e = assertThrows(ClusterException.class, () -> SavedObjects.in(dir));
    assertEquals("--save: " + dir + " is not empty; name a new or empty directory", e.getMessage());
  }

  @Test
  void theFirstFileThatCannotBeWrittenStopsTheSavingAndIsReported() throws IOException {
    SavedObjects saved = SavedObjects.in(dir);
    // A file where the resource's folder should be.
    Files.createDirectories(dir.resolve("core"));
    Files.writeString(dir.resolve("core/nodes"), "");

    saved.save(NODES, DiscoveryTest.json("{\"metadata\":{\"name\":\"n1\"}}"));
    saved.save(DEPLOYMENTS, DiscoveryTest.json("{\"metadata\":{\"name\":\"web\",\"namespace\":\"shop\"}}"));

    assertEquals("--save " + dir, saved.problem().orElseThrow().where());
    assertEquals("cannot write " + dir.resolve("core/nodes/n1.yaml") + " (java.nio.file.FileAlreadyExistsException: "
        + dir.resolve("core/nodes") + "); no more objects are saved", saved.problem().orElseThrow().message());
    assertEquals(List.of("core/nodes"), files(dir));
  }
}
