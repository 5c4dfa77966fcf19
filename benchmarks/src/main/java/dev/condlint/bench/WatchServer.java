package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Document;
import dev.condlint.yaml.YamlDocuments;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * {@code watch-server --from DIR --kubeconfig FILE [--port P]}: the monitor runner's stand-in API
 * server, in plain HTTP on Vert.x, for more objects than the test API server (fabric8's mock) holds
 * comfortably. It serves what an informer asks for and nothing else: aggregated discovery of the
 * kinds of the YAML files under DIR (each namespaced, with a status subresource; CRDs cluster-scoped),
 * lists in pages ({@code limit}, {@code continue}) at the current resourceVersion, and watches over
 * WebSockets. {@code POST /bench/break?i=N} gives the Nth object of the run a reason that is no
 * identifier on its last condition (a new condition-reason-format finding) with a new resourceVersion and tells its watches
 * (MODIFIED), answering when it did, so that the runner can time the finding's way to /metrics.
 * Prints {@code ready N URL} and serves until standard input closes.
 */
final class WatchServer {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One served resource: its objects in namespace and name order, as JSON, and its open watches. */
  private static final class Served {
    final String group;
    final String version;
    final String plural;
    final String kind;
    final boolean namespaced;
    final List<String> objects = new ArrayList<>();
    final Set<ServerWebSocket> watches = ConcurrentHashMap.newKeySet();

    Served(String group, String version, String plural, String kind, boolean namespaced) {
      this.group = group;
      this.version = version;
      this.plural = plural;
      this.kind = kind;
      this.namespaced = namespaced;
    }
  }

  private final Map<String, Served> byPath = new LinkedHashMap<>();
  private final List<Served> ordered = new ArrayList<>();
  private final AtomicLong resourceVersion = new AtomicLong();

  private WatchServer() {}

  static void run(List<String> args) throws Exception {
    Path from = Path.of(BenchMain.option(args, "--from", "target/corpus"));
    Path kubeconfig = Path.of(BenchMain.option(args, "--kubeconfig", "target/kubeconfig"));
    int port = Integer.parseInt(BenchMain.option(args, "--port", "0"));
    WatchServer server = new WatchServer();
    int count = server.load(from);
    Vertx vertx = Vertx.vertx();
    HttpServer http = vertx.createHttpServer()
        .webSocketHandler(server::watch)
        .requestHandler(server::request)
        .listen(port, "127.0.0.1").toCompletionStage().toCompletableFuture().get();
    String url = "http://127.0.0.1:" + http.actualPort();
    Files.writeString(kubeconfig, """
        apiVersion: v1
        kind: Config
        clusters:
        - name: bench
          cluster: {server: "%s"}
        users:
        - name: bench
          user: {token: bench}
        contexts:
        - name: bench
          context: {cluster: bench, user: bench, namespace: default}
        current-context: bench
        """.formatted(url));
    System.out.println("ready " + count + " " + url);
    System.out.flush();
    while (System.in.read() >= 0) {
      // Serves until the runner closes standard input.
    }
    vertx.close();
  }

  /** Loads the objects of the YAML files, each with a resourceVersion, kinds served as their objects say. */
  private int load(Path from) throws IOException {
    TreeMap<String, String> sorted = new TreeMap<>();
    Map<String, Served> byKind = new TreeMap<>();
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        for (Document d : YamlDocuments.load(file.toString(), Files.readString(file)).documents()) {
          ObjectNode o = (ObjectNode) d.object();
          String apiVersion = o.path("apiVersion").asText();
          String kind = o.path("kind").asText();
          boolean crd = kind.equals("CustomResourceDefinition");
          Served s = byKind.computeIfAbsent(apiVersion + "|" + kind, k -> {
            int slash = apiVersion.indexOf('/');
            return new Served(slash < 0 ? "" : apiVersion.substring(0, slash), apiVersion.substring(slash + 1),
                kind.toLowerCase(Locale.ROOT) + "s", kind, !crd);
          });
          ObjectNode metadata = o.with("metadata");
          if (crd) {
            metadata.remove("namespace");
          }
          if (!metadata.hasNonNull("uid")) {
            metadata.put("uid", java.util.UUID.nameUUIDFromBytes((apiVersion + kind + metadata.path("namespace").asText()
                + "/" + metadata.path("name").asText()).getBytes(StandardCharsets.UTF_8)).toString());
          }
          metadata.put("resourceVersion", String.valueOf(resourceVersion.incrementAndGet()));
          sorted.put(apiVersion + "|" + kind + "|" + metadata.path("namespace").asText() + "/"
              + metadata.path("name").asText(), apiVersion + "|" + kind + "\n" + JSON.writeValueAsString(o));
        }
      }
    }
    sorted.values().forEach(entry -> {
      int nl = entry.indexOf('\n');
      byKind.get(entry.substring(0, nl)).objects.add(entry.substring(nl + 1));
    });
    for (Served s : byKind.values()) {
      byPath.put(prefix(s) + "/" + s.plural, s);
      ordered.add(s);
    }
    return sorted.size();
  }

  private static String prefix(Served s) {
    return s.group.isEmpty() ? "/api/" + s.version : "/apis/" + s.group + "/" + s.version;
  }

  private void request(HttpServerRequest req) {
    String path = req.path();
    if (path.equals("/api") || path.equals("/apis")) {
      req.response().putHeader("Content-Type", "application/json").end(discovery(path.equals("/api")).toString());
      return;
    }
    if (path.equals("/bench/break") && req.method().name().equals("POST")) {
      req.response().putHeader("Content-Type", "application/json").end(breakObject(Integer.parseInt(req.getParam("i"))));
      return;
    }
    Served s = byPath.get(path);
    if (s == null) {
      req.response().setStatusCode(404).putHeader("Content-Type", "application/json")
          .end("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"NotFound\",\"code\":404}");
      return;
    }
    int limit = req.getParam("limit") == null ? Integer.MAX_VALUE : Integer.parseInt(req.getParam("limit"));
    int offset = req.getParam("continue") == null ? 0 : Integer.parseInt(req.getParam("continue"));
    StringBuilder body = new StringBuilder("{\"apiVersion\":\"").append(s.group.isEmpty() ? "" : s.group + "/")
        .append(s.version).append("\",\"kind\":\"").append(s.kind).append("List\",\"metadata\":{\"resourceVersion\":\"")
        .append(resourceVersion.get()).append('"');
    List<String> page;
    synchronized (s) {
      int end = (int) Math.min(s.objects.size(), (long) offset + limit);
      if (end < s.objects.size()) {
        body.append(",\"continue\":\"").append(end).append('"');
      }
      page = new ArrayList<>(s.objects.subList(offset, end));
    }
    body.append("},\"items\":[").append(String.join(",", page)).append("]}");
    req.response().putHeader("Content-Type", "application/json").end(body.toString());
  }

  private void watch(ServerWebSocket ws) {
    Served s = byPath.get(ws.path());
    if (s == null || !ws.query().contains("watch=true")) {
      ws.reject(404);
      return;
    }
    s.watches.add(ws);
    ws.closeHandler(v -> s.watches.remove(ws));
  }

  /**
   * The object at {@code i} (counting every object of every kind, but CRDs) gets the reason
   * "latency probe failed" on its first condition; its watches hear of it.
   */
  private String breakObject(int i) {
    List<Served> kinds = ordered.stream().filter(s -> s.namespaced).toList();
    int total = kinds.stream().mapToInt(s -> s.objects.size()).sum();
    int n = Math.floorMod(i, total);
    for (Served s : kinds) {
      if (n >= s.objects.size()) {
        n -= s.objects.size();
        continue;
      }
      ObjectNode o;
      synchronized (s) {
        try {
          o = (ObjectNode) JSON.readTree(s.objects.get(n));
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
        // The last condition: the corpus's own mistakes are in the first two.
        JsonNode conditions = o.path("status").path("conditions");
        ((ObjectNode) conditions.get(conditions.size() - 1)).put("reason", "latency probe failed " + i);
        o.with("metadata").put("resourceVersion", String.valueOf(resourceVersion.incrementAndGet()));
        try {
          s.objects.set(n, JSON.writeValueAsString(o));
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }
      String event = new JsonObject().put("type", "MODIFIED").put("object", new JsonObject(o.toString())).encode();
      s.watches.forEach(ws -> ws.writeTextMessage(event));
      return new JsonObject().put("kind", s.kind).put("name", o.path("metadata").path("name").asText())
          .put("watches", s.watches.size()).encode();
    }
    throw new IllegalStateException("no object " + i);
  }

  private ObjectNode discovery(boolean core) {
    ObjectNode list = JSON.createObjectNode().put("kind", "APIGroupDiscoveryList")
        .put("apiVersion", "apidiscovery.k8s.io/v2");
    list.putObject("metadata");
    ArrayNode items = list.putArray("items");
    Map<String, List<Served>> groups = new TreeMap<>();
    for (Served s : ordered) {
      if (s.group.isEmpty() == core) {
        groups.computeIfAbsent(s.group, g -> new ArrayList<>()).add(s);
      }
    }
    groups.forEach((group, resources) -> {
      ObjectNode g = items.addObject();
      g.putObject("metadata").put("name", group);
      ObjectNode v = g.putArray("versions").addObject().put("version", resources.get(0).version)
          .put("freshness", "Current");
      ArrayNode rs = v.putArray("resources");
      for (Served s : resources) {
        ObjectNode r = rs.addObject().put("resource", s.plural);
        r.putObject("responseKind").put("group", group).put("version", s.version).put("kind", s.kind);
        r.put("scope", s.namespaced ? "Namespaced" : "Cluster");
        r.putArray("verbs").add("get").add("list").add("watch");
        r.putArray("subresources").addObject().put("subresource", "status").putArray("verbs").add("get");
      }
    });
    return list;
  }
}
