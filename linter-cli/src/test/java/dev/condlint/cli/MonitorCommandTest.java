package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.cluster.testing.TestApiServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code condlint monitor}: its usage errors in-process, and the command as a real process against the
 * test API server (audit/cluster.yaml): it serves the cluster's findings until SIGTERM, and then stops
 * within 10 s.
 */
class MonitorCommandTest {
  private static final Pattern SERVING = Pattern.compile("serving /metrics, /healthz, /readyz and /stuck on 127\\.0\\.0\\.1:(\\d+)");

  @TempDir Path dir;

  private final TestApiServer server = new TestApiServer();

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void flagsThatMakeNoSenseAreUsageErrors() {
    CliRun cli = CliRun.in(dir);
    CliRun.Result shard = cli.run("monitor", "--shard", "2", "--total-shards", "2");
    assertEquals(2, shard.exit());
    assertTrue(shard.err().startsWith("--shard: must be from 0 to 1 (--total-shards 2), not 2\n"), shard.err());

    CliRun.Result address = cli.run("monitor", "--metrics-address", "8080");
    assertEquals(2, address.exit());
    assertTrue(address.err().startsWith("--metrics-address: '8080' is not [HOST]:PORT such as :8080 or"
        + " 127.0.0.1:9090\n"), address.err());

    CliRun.Result stuck = cli.run("monitor", "--stuck-after", "0s");
    assertEquals(2, stuck.exit());
    assertTrue(stuck.err().startsWith("--stuck-after: must be more than 0, not 0s\n"), stuck.err());

    CliRun.Result reports = cli.run("monitor", "--reports", "kyverno");
    assertEquals(2, reports.exit());
    assertTrue(reports.err().startsWith("Invalid value for option '--reports': expected one of [OPENREPORTS]"
        + " (case-insensitive) but was 'kyverno'\n"), reports.err());
  }

  /** deploy/monitor's command line, with the OpenReports overlay's flag: flags the command takes. */
  @Test
  void theDeploymentsArgumentsAreFlagsOfMonitor() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv().getOrDefault("PATH", "").contains("/")
        && Files.isExecutable(Path.of("/usr/bin/kubectl")), "kubectl is not at /usr/bin/kubectl");
    Process p = new ProcessBuilder("kubectl", "kustomize", Path.of("..", "deploy", "monitor", "overlays", "openreports")
        .toString()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    List<String> args = new ArrayList<>();
    new dev.condlint.yaml.YamlReader().read("deploy/monitor", out).documents().stream()
        .map(dev.condlint.yaml.ParsedDocument::root)
        .filter(o -> o.path("kind").asText().equals("Deployment"))
        .forEach(d -> d.path("spec").path("template").path("spec").path("containers").get(0).path("args")
            .forEach(a -> args.add(a.asText())));
    assertEquals(List.of("monitor", "--metrics-address=:8080", "--reports=openreports"), args);
    args.add("--help");
    CliRun.Result r = CliRun.in(dir).run(args.toArray(String[]::new));
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().startsWith("Usage: condlint monitor "), r.out());
  }

  @Test
  void aKubeconfigThatCannotBeReadIsOneErrorLine() {
    CliRun.Result r = CliRun.in(dir).run("monitor", "--kubeconfig", "missing", "--metrics-address", "127.0.0.1:0");
    assertEquals(2, r.exit());
    assertEquals("condlint: error: --kubeconfig: cannot read " + dir.resolve("missing") + "\n", r.err());
    assertEquals("", r.out());
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void itServesTheClustersHealthUntilSigtermAndThenStopsWithin10Seconds() throws Exception {
    server.load(AuditRun.objectsOf("audit/cluster.yaml"));
    Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), server.kubeconfig("mock", "default"));
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "monitor", "--kubeconfig", kubeconfig.toString(), "--metrics-address", "127.0.0.1:0",
        "--now", "2026-11-24T00:00:00Z", "--kinds", "Widget"));
    Path err = dir.resolve("err.txt");
    Process p = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(err.toFile()).start();
    try {
      int port = port(p, err);
      HttpClient http = HttpClient.newHttpClient();
      String ready = "";
      for (long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos(); !ready.equals("ok\n")
          && System.nanoTime() < deadline; Thread.sleep(100)) {
        ready = get(http, port, "/readyz");
      }
      assertEquals("ok\n", ready, Files.readString(err));
      List<String> samples = get(http, port, "/metrics").lines()
          .filter(l -> l.startsWith("condlint_objects") || l.startsWith("condlint_findings{")
              || l.startsWith("condlint_stuck_objects"))
          .sorted().toList();
      assertEquals(List.of(
          "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"condition-reason-format\",severity=\"error\",} 1.0",
          "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
          "condlint_objects{group=\"example.com\",kind=\"Widget\",} 2.0",
          "condlint_stuck_objects{group=\"example.com\",kind=\"Widget\",reason=\"SummaryFalse\",} 1.0"), samples);

      long asked = System.nanoTime();
      p.destroy();
      assertTrue(p.waitFor(10, TimeUnit.SECONDS), "still running 10 s after SIGTERM");
      Duration took = Duration.ofNanos(System.nanoTime() - asked);
      assertEquals(143, p.exitValue(), "the exit status of a JVM ended by SIGTERM");
      List<String> log = Files.readAllLines(err).stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList();
      assertEquals(List.of("info stopping", "info stopped"), log.subList(log.size() - 2, log.size()),
          "stopped in " + took.toMillis() + " ms: " + log);
      assertEquals("", Files.readString(dir.resolve("out.txt")));
    } finally {
      p.destroyForcibly();
    }
  }

  private static int port(Process p, Path err) throws IOException, InterruptedException {
    for (long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos(); System.nanoTime() < deadline;
        Thread.sleep(100)) {
      Matcher m = SERVING.matcher(Files.readString(err));
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      assertTrue(p.isAlive(), Files.readString(err));
    }
    throw new AssertionError("no port in the log: " + Files.readString(err));
  }

  private static String get(HttpClient http, int port, String path) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }
}
