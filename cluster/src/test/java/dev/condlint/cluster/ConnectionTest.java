package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.condlint.cluster.testing.TestApiServer;
import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionTest {
  private final TestApiServer server = new TestApiServer();

  @TempDir Path dir;

  @AfterEach
  void stop() {
    server.close();
  }

  private Path kubeconfig(String text) throws IOException {
    return Files.writeString(dir.resolve("kubeconfig"), text);
  }

  /** Two contexts on the same server, "team-a" current. */
  private String twoContexts() {
    return server.kubeconfig("team-a", "a").replace("current-context: team-a", """
        - name: team-b
          context:
            cluster: test
            user: test
            namespace: b
        current-context: team-a""");
  }

  @Test
  void aKubeconfigFileConnectsToItsServerAsItsCurrentContext() throws Exception {
    server.load(DiscoveryTest.sample());
    Config config = new Connection(Optional.of(kubeconfig(server.kubeconfig("mock", "shop"))), Optional.empty()).config();

    assertEquals(server.url(), config.getMasterUrl());
    assertEquals("shop", config.getNamespace());
    try (ClusterSession session = ClusterSession.open(config, Duration.ofSeconds(10), TestClients.QUICK)) {
      assertEquals(5, new Discovery(session.api()).discover().resources().size());
    }
  }

  @Test
  void contextPicksAnotherContextOfTheFile() throws Exception {
    Config config = new Connection(Optional.of(kubeconfig(twoContexts())), Optional.of("team-b")).config();

    assertEquals("b", config.getNamespace());
    assertEquals("team-b", config.getCurrentContext().getName());
  }

  @Test
  void anUnknownContextIsRefusedAsKubectlRefusesIt() throws Exception {
    Path file = kubeconfig(twoContexts());
    ClusterException e = assertThrows(ClusterException.class,
        () -> new Connection(Optional.of(file), Optional.of("team-c")).config());

    assertEquals("--context: no context 'team-c' in the kubeconfig (contexts: team-a, team-b)", e.getMessage());
  }

  @Test
  void aMissingKubeconfigFileIsNamed() {
    Path missing = dir.resolve("nope");
    ClusterException e = assertThrows(ClusterException.class,
        () -> new Connection(Optional.of(missing), Optional.empty()).config());

    assertEquals("--kubeconfig: cannot read " + missing, e.getMessage());
  }

  @Test
  void kubeconfigFromTheEnvironmentIsReadAsKubectlReadsKUBECONFIG() throws Exception {
    // fabric8 reads KUBECONFIG, or the kubeconfig system property, which a test can set.
    Path file = kubeconfig(server.kubeconfig("from-env", "envns"));
    System.setProperty("kubeconfig", file.toString());
    try {
      Config config = Connection.DEFAULT.config();

      assertEquals(server.url(), config.getMasterUrl());
      assertEquals("envns", config.getNamespace());
      assertEquals(List.of("from-env"), config.getContexts().stream().map(c -> c.getName()).toList());
    } finally {
      System.clearProperty("kubeconfig");
    }
  }
}
