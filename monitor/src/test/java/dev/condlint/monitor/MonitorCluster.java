package dev.condlint.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cluster.ClusterSession;
import dev.condlint.cluster.KindFilter;
import dev.condlint.cluster.Retry;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.monitor.log.MonitorLog;
import dev.condlint.monitor.watch.ResourceWatches;
import dev.condlint.monitor.watch.Sharding;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A monitor against the test API server (fabric8's kubernetes-server-mock in CRUD mode, whose watches
 * tell of every create, update and delete made through a client), with a clock the test moves, and a
 * real HTTP client for its endpoints. Objects are written through a client of their own, as a
 * controller writes them: created (the API server drops the status of a resource with a status
 * subresource), then their status updated.
 */
final class MonitorCluster implements AutoCloseable {
  static final Retry QUICK = new Retry(3, Duration.ofMillis(1));
  /** Polls for at most this long: an informer hears of a change within milliseconds here, seconds in a cluster. */
  static final Duration PATIENCE = Duration.ofSeconds(30);

  final TestApiServer server = new TestApiServer();
  final TestClock clock = new TestClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
  final List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final ClusterSession writer = ClusterSession.open(server.config(), Duration.ofSeconds(10), QUICK);
  private final HttpClient http = HttpClient.newHttpClient();
  private final List<ClusterSession> sessions = new ArrayList<>();
  private final List<Monitor> monitors = new ArrayList<>();

  /** The objects of a YAML file of the test resources. */
  static List<JsonNode> objects(String resource) {
    try (InputStream in = MonitorCluster.class.getClassLoader().getResourceAsStream(resource)) {
      ParsedFile parsed = new YamlReader().read(resource,
          new String(Objects.requireNonNull(in, resource).readAllBytes(), StandardCharsets.UTF_8));
      assertEquals(List.of(), parsed.problems());
      return parsed.documents().stream().map(ParsedDocument::root).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The object of the file with this kind and name. */
  static ObjectNode object(List<JsonNode> objects, String kind, String name) {
    return (ObjectNode) objects.stream()
        .filter(o -> o.path("kind").asText().equals(kind) && o.path("metadata").path("name").asText().equals(name))
        .findFirst().orElseThrow().deepCopy();
  }

  /** The options of most tests: only these kinds, a tick of 20 ms, no reports. */
  static Monitor.Options options(String... kinds) {
    return new Monitor.Options(
        new ResourceWatches.Scope(Optional.empty(), Optional.empty(), KindFilter.of(List.of(kinds), List.of()), 500),
        Sharding.NONE, "127.0.0.1", 0, false, 2000, 10, Duration.ofMinutes(15), Duration.ofSeconds(20),
        Duration.ofMillis(20), 50, Optional.empty());
  }

  KubernetesClient client() {
    return writer.client();
  }

  /** Starts a monitor with its own connection, as a process of its own would. */
  Monitor start(Monitor.Options options) {
    ClusterSession session = ClusterSession.open(server.config(), Duration.ofSeconds(10), QUICK);
    sessions.add(session);
    Monitor monitor = Monitor.start(session, new Engine(Ruleset.builtIn(), Config.DEFAULT), options, clock, new MonitorLog() {
      @Override
      public void info(String message) {
        log.add("info " + message);
      }

      @Override
      public void warn(String message) {
        log.add("warn " + message);
      }
    });
    monitors.add(monitor);
    return monitor;
  }

  /** Waits until the monitor is ready. */
  static void awaitReady(Monitor monitor) {
    eventually(() -> monitor.notReady().orElse(""), "");
  }

  // ---- Writing ---------------------------------------------------------------------------------

  static ResourceDefinitionContext context(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText();
    String kind = object.path("kind").asText();
    int slash = apiVersion.indexOf('/');
    String plural = kind.toLowerCase(java.util.Locale.ROOT) + "s";
    if (kind.equals("CustomResourceDefinition")) {
      plural = "customresourcedefinitions";
    }
    return new ResourceDefinitionContext.Builder().withGroup(slash < 0 ? "" : apiVersion.substring(0, slash))
        .withVersion(apiVersion.substring(slash + 1)).withKind(kind).withPlural(plural)
        .withNamespaced(object.path("metadata").has("namespace")).build();
  }

  private io.fabric8.kubernetes.client.dsl.Resource<GenericKubernetesResource> resource(JsonNode object) {
    GenericKubernetesResource r = client().getKubernetesSerialization().convertValue(object,
        GenericKubernetesResource.class);
    var op = client().genericKubernetesResources(context(object));
    return object.path("metadata").has("namespace")
        ? op.inNamespace(object.path("metadata").path("namespace").asText()).resource(r)
        : op.resource(r);
  }

  /** Creates the object, then writes its status (which a create drops): what the server stores. */
  ObjectNode create(JsonNode object) {
    GenericKubernetesResource created = resource(object).create();
    if (object.has("status") && !object.path("kind").asText().equals("CustomResourceDefinition")) {
      ObjectNode withStatus = client().getKubernetesSerialization().convertValue(created, ObjectNode.class);
      withStatus.set("status", object.get("status").deepCopy());
      created = resource(withStatus).updateStatus();
    }
    return client().getKubernetesSerialization().convertValue(created, ObjectNode.class);
  }

  /** Replaces the object (its spec, metadata and all) at the resourceVersion it carries, as kubectl replace does. */
  ObjectNode update(JsonNode object) {
    return client().getKubernetesSerialization().convertValue(resource(object).update(), ObjectNode.class);
  }

  /** Writes the object's status, as its controller would. */
  ObjectNode updateStatus(JsonNode object) {
    ObjectNode current = client().getKubernetesSerialization().convertValue(resource(object).get(), ObjectNode.class);
    current.set("status", object.get("status").deepCopy());
    return client().getKubernetesSerialization().convertValue(resource(current).updateStatus(), ObjectNode.class);
  }

  void delete(JsonNode object) {
    resource(object).delete();
  }

  // ---- Reading ---------------------------------------------------------------------------------

  record Answer(int status, String contentType, String body) {}

  Answer get(Monitor monitor, String path) {
    try {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + monitor.port() + path))
          .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The condlint_ samples of {@code /metrics}, sorted (Prometheus reads them in any order), without HELP and TYPE. */
  List<String> samples(Monitor monitor) {
    Answer a = get(monitor, "/metrics");
    assertEquals(200, a.status());
    return a.body().lines().filter(l -> l.startsWith("condlint_")).sorted().collect(Collectors.toList());
  }

  /** The samples of the named metrics. */
  List<String> samples(Monitor monitor, String... metrics) {
    return samples(monitor).stream().filter(l -> List.of(metrics).contains(l.split("[{ ]", 2)[0])).toList();
  }

  /** Polls until {@code actual} gives {@code expected}; then asserts it, showing the last value seen. */
  static <T> void eventually(Supplier<T> actual, T expected) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    T last = actual.get();
    while (!Objects.equals(last, expected) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(25);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      last = actual.get();
    }
    assertEquals(expected, last);
  }

  static void eventuallyTrue(Supplier<Boolean> condition, String what) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!condition.get()) {
      assertTrue(System.nanoTime() < deadline, what);
      try {
        Thread.sleep(25);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public void close() {
    monitors.forEach(Monitor::close);
    sessions.forEach(ClusterSession::close);
    writer.close();
    server.close();
  }
}
