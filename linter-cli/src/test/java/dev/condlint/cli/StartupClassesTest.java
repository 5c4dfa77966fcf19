package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster code (fabric8, Vert.x, Netty, Micrometer and condlint's cluster and monitor modules) loads
 * only when audit or monitor runs: lint's start-up, and the help that lists them, load none of it. Each
 * run is a JVM of its own, with the test class path, logging the classes it loads.
 */
class StartupClassesTest {
  private static final List<String> CLUSTER_PACKAGES = List.of("io.fabric8.", "io.vertx.", "io.netty.",
      "io.micrometer.", "io.prometheus.", "dev.condlint.cluster.", "dev.condlint.monitor.",
      "dev.condlint.cli.audit.cluster.", "dev.condlint.cli.monitor.ClusterMonitor");

  @TempDir Path dir;

  private List<String> loadedClusterClasses(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xlog:class+load=info", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertTrue(out.contains("dev.condlint.cli.Main"), out);
    return out.lines().filter(l -> l.contains("[class,load]"))
        .map(l -> l.replaceAll(".*\\[class,load\\] (\\S+).*", "$1"))
        .filter(c -> CLUSTER_PACKAGES.stream().anyMatch(c::startsWith))
        .toList();
  }

  @Test
  void lintLoadsNoClusterClass() throws Exception {
    Files.writeString(dir.resolve("a.yaml"), CliRun.DUPLICATE_NAME);

    assertEquals(List.of(), loadedClusterClasses("lint", "a.yaml"));
  }

  @Test
  void theHelpThatListsAuditLoadsNoClusterClass() throws Exception {
    assertEquals(List.of(), loadedClusterClasses("--help"));
    assertEquals(List.of(), loadedClusterClasses("audit", "--help"));
    assertEquals(List.of(), loadedClusterClasses("monitor", "--help"));
  }

  @Test
  void auditLoadsThem() throws Exception {
    // A kubeconfig that cannot be read: the audit starts, and stops before it connects.
    assertTrue(loadedClusterClasses("audit", "--kubeconfig", "missing").contains("dev.condlint.cluster.Connection"));
    assertTrue(loadedClusterClasses("monitor", "--kubeconfig", "missing").contains("dev.condlint.cli.monitor.ClusterMonitor"));
  }
}
