package dev.condlint.cluster.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.Pluralize;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An API server for tests: fabric8's kubernetes-server-mock in CRUD mode stores the objects and
 * answers every request it knows (gets, watches, creates of the informer tests), and a dispatcher in
 * front of it adds what that mode lacks and what the audit needs:
 * <ul>
 *   <li>discovery, aggregated ({@code apidiscovery.k8s.io/v2}) or the older one request per group
 *       version, of the resources of the objects loaded with {@link #load};
 *   <li>paged lists ({@code limit} and {@code continue}) over a snapshot taken by the first page,
 *       items in namespace and name order as etcd returns them; a list at one version holds the
 *       objects of every version of its kind, unconverted (a server that converts would change them,
 *       which would hide what a test compares);
 *   <li>faults on the next requests of a resource: 403, an expired {@code continue} (410), any
 *       status (429 with {@code Retry-After}, 5xx), a late answer; a group version whose discovery
 *       fails; the open watches of a resource ended with 410 Gone, as an API server ends a watch whose
 *       resource version it no longer keeps ({@link #expireWatches});
 *   <li>objects created, changed and deleted through a client (the mock's own CRUD, which tells the
 *       watches) listed beside the loaded ones, and CRDs and kinds written that way in discovery;
 *   <li>changes that no watch hears of ({@link #replaceUnseen}, {@link #deleteUnseen}): what a
 *       client misses while its watch is down, and finds again only by listing.
 * </ul>
 * Objects are stored as given, with a {@code uid} and {@code resourceVersion} added: the mock's own
 * create would set {@code metadata.generation} to 1 and drop the status of a custom resource with a
 * status subresource, which would change the findings under test.
 */
public final class TestApiServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String AGGREGATED = "as=APIGroupDiscoveryList";
  /** The version objects are stored under: a list at any version finds them. */
  private static final String ANY_VERSION = "_";

  /** A resource as discovery shows it, with the versions it is served at. */
  private record Served(String group, String plural, String kind, boolean namespaced, boolean status,
      Set<String> versions, boolean knownOnlyFromObjects) {}

  /** Kinds the corpus uses that are built in: plural, whether namespaced, whether they have a status subresource. */
  private record BuiltIn(String plural, boolean namespaced, boolean status) {}

  private static final Map<String, BuiltIn> BUILT_IN = builtIns();

  /** Short names of the built-in kinds the tests use, as kubectl api-resources lists them. */
  private static final Map<String, List<String>> BUILT_IN_SHORT_NAMES = Map.of(
      "Pod", List.of("po"), "Deployment", List.of("deploy"), "Service", List.of("svc"), "Node", List.of("no"),
      "Namespace", List.of("ns"), "ConfigMap", List.of("cm"), "StatefulSet", List.of("sts"));

  /** Short names CRDs give their resources, by group/plural. */
  private final Map<String, List<String>> crdShortNames = new ConcurrentHashMap<>();

  private final Dispatcher dispatcher = new Dispatcher();
  private final MockWebServer web = new MockWebServer();
  private final KubernetesMockServer server;
  private final Map<String, Served> served = Collections.synchronizedMap(new TreeMap<>());
  private final Set<String> failingGroupVersions = ConcurrentHashMap.newKeySet();
  private final Map<String, Deque<Fault>> faults = new ConcurrentHashMap<>();
  private final Map<String, List<String>> snapshots = new ConcurrentHashMap<>();
  /** The open watches, by resource ({@code widgets.example.com}). */
  private final Map<String, Set<WebSocket>> watches = new ConcurrentHashMap<>();
  /** group/plural/namespace/name of every object stored (the mock's keys also hold the labels). */
  private final Set<String> storedNames = ConcurrentHashMap.newKeySet();
  private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
  private final AtomicLong versions = new AtomicLong();
  private final AtomicLong snapshotIds = new AtomicLong();
  private volatile boolean aggregatedDiscovery = true;
  private volatile boolean untypedItems;
  private volatile Fault refusal;

  public TestApiServer() {
    server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), web, new HashMap<>(), dispatcher, true);
    server.start();
  }

  /** A client configuration for this server: its URL, its self-signed certificate trusted, a token. */
  public Config config() {
    return new ConfigBuilder(Config.empty())
        .withMasterUrl(url())
        .withTrustCerts(true)
        .withOauthToken("test-token")
        .withNamespace("default")
        .build();
  }

  public String url() {
    return server.url("/");
  }

  /** The PEM file of the server's self-signed certificate, for a client that trusts it by name. */
  public Path certificate() {
    return Path.of(web.getSelfSignedCertificate().certificatePath());
  }

  /** A kubeconfig YAML that points at this server with the given context name (and namespace). */
  public String kubeconfig(String context, String namespace) {
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: test
          cluster:
            server: %s
            insecure-skip-tls-verify: true
        users:
        - name: test
          user:
            token: test-token
        contexts:
        - name: %s
          context:
            cluster: test
            user: test
            namespace: %s
        current-context: %s
        """.formatted(url(), context, namespace, context);
  }

  /** Serves only the discovery of before aggregated discovery: one request per group version. */
  public TestApiServer withoutAggregatedDiscovery() {
    aggregatedDiscovery = false;
    return this;
  }

  /** Lists items without apiVersion and kind, as the API server lists built-in kinds. */
  public TestApiServer withUntypedItems() {
    untypedItems = true;
    return this;
  }

  /**
   * Stores the objects (CRDs among them define the resources of their kinds) and returns them as
   * stored, in the same order: with a {@code uid} and {@code resourceVersion}, the namespace
   * {@code default} for a namespaced object without one, and {@code -2}, {@code -3}... added to a
   * name already taken by an object of the same resource and namespace.
   */
  public List<ObjectNode> load(List<? extends JsonNode> objects) {
    objects.stream().filter(TestApiServer::isCrd).forEach(this::serveCrd);
    objects.stream().filter(o -> !isCrd(o)).forEach(this::serveKindOf);
    serveKind("apiextensions.k8s.io", "v1", "CustomResourceDefinition");
    List<ObjectNode> stored = new ArrayList<>();
    for (JsonNode object : objects) {
      stored.add(store(object.deepCopy()));
    }
    return stored;
  }

  public ObjectNode load(JsonNode object) {
    return load(List.of(object)).get(0);
  }

  /** The next lists of the resource ({@code deployments.apps}, {@code pods}) are refused with 403. */
  public void forbid(String resource) {
    fault(resource, new Fault(403, "Forbidden", resource + " is forbidden: User \"test\" cannot list resource",
        Duration.ZERO, Integer.MAX_VALUE, false));
  }

  /** The first request of the resource that carries a {@code continue} token is answered 410 Gone (Expired). */
  public void expireFirstContinue(String resource) {
    fault(resource, new Fault(410, "Expired", "The provided continue parameter is too old to display a consistent"
        + " list result. You can start a new list without the continue parameter.", Duration.ZERO, 1, true));
  }

  /** The next {@code times} lists of the resource are answered with this status (and {@code Retry-After: 0}). */
  public void fail(String resource, int code, int times) {
    fault(resource, new Fault(code, code == 429 ? "TooManyRequests" : "InternalError",
        "injected failure " + code, Duration.ZERO, times, false));
  }

  /** The next {@code times} lists of the resource are answered only after the delay. */
  public void delay(String resource, Duration delay, int times) {
    fault(resource, new Fault(0, "", "", delay, times, false));
  }

  /** Every GET from now on, discovery too, is answered with this status: a server that refuses the client. */
  public void refuseEverything(int code, String reason, String message) {
    refusal = new Fault(code, reason, message, Duration.ZERO, Integer.MAX_VALUE, false);
  }

  /**
   * Ends every open watch of the resource ({@code widgets.example.com}, {@code pods}) with an ERROR
   * event of 410 Gone ({@code Expired}), as an API server ends a watch whose resource version has been
   * compacted away: the client must list again. Returns how many watches were ended.
   */
  public int expireWatches(String resource) {
    Set<WebSocket> open = watches.getOrDefault(resource, Set.of());
    String gone = "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
        + "\"status\":\"Failure\",\"message\":\"too old resource version: 1 (" + versions.get() + ")\","
        + "\"reason\":\"Expired\",\"code\":410}}";
    int ended = 0;
    for (WebSocket ws : List.copyOf(open)) {
      ws.send(gone);
      ws.close(1000, "expired");
      open.remove(ws);
      ended++;
    }
    return ended;
  }

  /** How many watches of the resource are open. */
  public int openWatches(String resource) {
    return watches.getOrDefault(resource, Set.of()).size();
  }

  /**
   * Replaces a stored object (found by apiVersion's group, kind, namespace and name), with a new
   * resource version, without telling any watch, as a change made while a client's watch was down:
   * only a new list shows it.
   */
  public void replaceUnseen(JsonNode object) {
    Map.Entry<AttributeSet, String> stored = storedEntry(object).orElseThrow(
        () -> new IllegalArgumentException("not stored: " + object.path("kind").asText() + " " + object.path("metadata").path("name").asText()));
    ObjectNode changed = (ObjectNode) object.deepCopy();
    // A change has a new resource version, or a client that lists again would take it for the one it has.
    String before = changed.path("metadata").path("resourceVersion").asText();
    String after = String.valueOf(dispatcher.requestResourceVersion());
    while (after.equals(before)) {
      after = String.valueOf(dispatcher.requestResourceVersion());
    }
    changed.with("metadata").put("resourceVersion", after);
    dispatcher.put(stored.getKey(), write(changed));
  }

  /** Deletes a stored object without telling any watch (see {@link #replaceUnseen}). */
  public void deleteUnseen(JsonNode object) {
    Map.Entry<AttributeSet, String> stored = storedEntry(object).orElseThrow(
        () -> new IllegalArgumentException("not stored: " + object.path("kind").asText() + " " + object.path("metadata").path("name").asText()));
    dispatcher.remove(stored.getKey());
  }

  private Optional<Map.Entry<AttributeSet, String>> storedEntry(JsonNode object) {
    Served s = servedKind(group(object), object.path("kind").asText())
        .orElseThrow(() -> new IllegalArgumentException("no resource for " + object.path("kind")));
    String namespace = object.path("metadata").path("namespace").asText("");
    String name = object.path("metadata").path("name").asText();
    return dispatcher.find(e -> value(e.getKey(), "api").equals(s.group()) && value(e.getKey(), "plural").equals(s.plural())
        && value(e.getKey(), "namespace").equals(namespace) && value(e.getKey(), "name").equals(name));
  }

  /** Discovery of the group version ({@code metrics.k8s.io/v1beta1}) fails: 503, or Stale when aggregated. */
  public void failDiscovery(String groupVersion) {
    failingGroupVersions.add(groupVersion);
  }

  /** The paths (with their queries) of the GET requests answered so far, in order. */
  public List<String> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  public void clearRequests() {
    requests.clear();
  }

  @Override
  public void close() {
    try {
      server.shutdown();
    } catch (IllegalStateException e) {
      // MockWebServer waits a bounded time for its connection threads; a client's watch socket that is
      // still closing on a loaded machine outlasts it. The test's assertions are made by then, and the
      // server's port and threads are released anyway: only a timeout is let pass.
      if (!(e.getCause() instanceof java.util.concurrent.TimeoutException)) {
        throw e;
      }
    }
  }

  // ---- Loading ---------------------------------------------------------------------------------

  private static boolean isCrd(JsonNode o) {
    return "CustomResourceDefinition".equals(o.path("kind").asText())
        && o.path("apiVersion").asText().startsWith("apiextensions.k8s.io/");
  }

  private static String group(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText();
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  private static String version(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText();
    return apiVersion.substring(apiVersion.indexOf('/') + 1);
  }

  private void serveCrd(JsonNode crd) {
    JsonNode spec = crd.path("spec");
    String group = spec.path("group").asText();
    String plural = spec.path("names").path("plural").asText();
    boolean status = false;
    Set<String> crdVersions = new TreeSet<>(KubeVersions.MOST_PREFERRED_FIRST);
    for (JsonNode v : spec.path("versions")) {
      if (v.path("served").asBoolean(true)) {
        crdVersions.add(v.path("name").asText());
      }
      status |= v.path("subresources").has("status");
    }
    served.put(group + "/" + plural, new Served(group, plural, spec.path("names").path("kind").asText(),
        !"Cluster".equals(spec.path("scope").asText()), status, crdVersions, false));
    List<String> shortNames = new ArrayList<>();
    spec.path("names").path("shortNames").forEach(n -> shortNames.add(n.asText()));
    crdShortNames.put(group + "/" + plural, shortNames);
  }

  private void serveKindOf(JsonNode object) {
    serveKind(group(object), version(object), object.path("kind").asText());
    Served s = servedKind(group(object), object.path("kind").asText()).orElseThrow();
    if (s.knownOnlyFromObjects() && !s.namespaced() && object.path("metadata").hasNonNull("namespace")) {
      // A kind that neither a CRD nor the built-ins define is namespaced if any of its objects has a namespace.
      served.put(s.group() + "/" + s.plural(),
          new Served(s.group(), s.plural(), s.kind(), true, s.status(), s.versions(), true));
    }
  }

  private void serveKind(String group, String version, String kind) {
    Optional<Served> known = servedKind(group, kind);
    if (known.isPresent()) {
      known.get().versions().add(version);
      return;
    }
    BuiltIn builtIn = BUILT_IN.get(kind);
    String plural = builtIn != null ? builtIn.plural() : Pluralize.toPlural(kind.toLowerCase(java.util.Locale.ROOT));
    Set<String> vs = new TreeSet<>(KubeVersions.MOST_PREFERRED_FIRST);
    vs.add(version);
    served.put(group + "/" + plural, new Served(group, plural, kind,
        builtIn != null && builtIn.namespaced(), builtIn == null || builtIn.status(), vs, builtIn == null));
  }

  private Optional<Served> servedKind(String group, String kind) {
    synchronized (served) {
      return served.values().stream().filter(s -> s.group().equals(group) && s.kind().equals(kind)).findFirst();
    }
  }

  private ObjectNode store(ObjectNode object) {
    String group = group(object);
    Served s = servedKind(group, object.path("kind").asText())
        .orElseThrow(() -> new IllegalArgumentException("no resource for " + object.path("kind")));
    ObjectNode metadata = object.with("metadata");
    if (!metadata.path("name").isTextual() || metadata.path("name").asText().isEmpty()) {
      throw new IllegalArgumentException("an object without a name cannot be stored: " + object);
    }
    if (s.namespaced() && !metadata.hasNonNull("namespace")) {
      metadata.put("namespace", "default");
    } else if (!s.namespaced()) {
      metadata.remove("namespace");
    }
    String namespace = metadata.path("namespace").asText("");
    String name = metadata.path("name").asText();
    for (int n = 2; !storedNames.add(s.group() + "/" + s.plural() + "/" + namespace + "/" + name); n++) {
      name = metadata.path("name").asText() + "-" + n;
    }
    long id = versions.incrementAndGet();
    metadata.put("name", name);
    metadata.put("uid", String.format("00000000-0000-0000-0000-%012d", id));
    metadata.put("resourceVersion", String.valueOf(id));
    AttributeSet key = key(s, namespace, name);
    JsonNode labels = metadata.path("labels");
    for (Map.Entry<String, JsonNode> label : labels.properties()) {
      key = key.add(new Attribute("labels:" + label.getKey(), label.getValue().asText()));
    }
    dispatcher.put(key, write(object));
    return object;
  }

  private static AttributeSet key(Served s, String namespace, String name) {
    List<Attribute> attributes = new ArrayList<>();
    if (!s.group().isEmpty()) {
      attributes.add(new Attribute("api", s.group()));
    }
    attributes.add(new Attribute("version", ANY_VERSION));
    attributes.add(new Attribute("plural", s.plural()));
    if (!namespace.isEmpty()) {
      attributes.add(new Attribute("namespace", namespace));
    }
    attributes.add(new Attribute("name", name));
    return new AttributeSet(attributes);
  }

  private static String write(JsonNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- Faults ----------------------------------------------------------------------------------

  /** What the next request of a resource gets instead of its answer (code 0: the answer, late). */
  private static final class Fault {
    final int code;
    final String reason;
    final String message;
    final Duration delay;
    int times;
    final boolean onContinueOnly;

    Fault(int code, String reason, String message, Duration delay, int times, boolean onContinueOnly) {
      this.code = code;
      this.reason = reason;
      this.message = message;
      this.delay = delay;
      this.times = times;
      this.onContinueOnly = onContinueOnly;
    }
  }

  private void fault(String resource, Fault fault) {
    faults.computeIfAbsent(resource, r -> new ArrayDeque<>()).add(fault);
  }

  private Optional<Fault> takeFault(String resource, boolean hasContinue) {
    Deque<Fault> queue = faults.get(resource);
    if (queue == null) {
      return Optional.empty();
    }
    synchronized (queue) {
      Fault next = queue.peek();
      if (next == null || next.onContinueOnly && !hasContinue) {
        return Optional.empty();
      }
      if (--next.times <= 0) {
        queue.poll();
      }
      return Optional.of(next);
    }
  }

  // ---- Serving ---------------------------------------------------------------------------------

  private final class Dispatcher extends KubernetesCrudDispatcher {
    void put(AttributeSet key, String json) {
      map.put(key, json);
    }

    void remove(AttributeSet key) {
      map.remove(key);
    }

    Optional<Map.Entry<AttributeSet, String>> find(java.util.function.Predicate<Map.Entry<AttributeSet, String>> which) {
      synchronized (map) {
        return map.entrySet().stream().filter(which).findFirst().map(e -> Map.entry(e.getKey(), e.getValue()));
      }
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      if (!"GET".equals(request.getMethod())) {
        MockResponse response = super.dispatch(request);
        learnServed(request, response);
        return response;
      }
      String pathAndQuery = request.getPath();
      requests.add(pathAndQuery);
      Fault refused = refusal;
      if (refused != null) {
        return status(refused.code, refused.reason, refused.message);
      }
      URI uri = URI.create(pathAndQuery);
      Map<String, String> query = query(uri.getRawQuery());
      String path = uri.getPath();
      boolean aggregated = aggregatedDiscovery && Optional.ofNullable(request.getHeader("Accept"))
          .filter(a -> a.contains(AGGREGATED)).isPresent();
      if (path.equals("/api") || path.equals("/apis")) {
        return aggregated ? json(200, aggregatedDiscovery(path.equals("/api"))) : json(200, legacyRoot(path));
      }
      Optional<Served> listed = listedResource(path);
      if (listed.isPresent() && "true".equals(query.get("watch"))) {
        return tracked(listed.get(), super.dispatch(request));
      }
      if (listed.isEmpty() || query.containsKey("watch")) {
        Optional<MockResponse> groupVersion = legacyGroupVersion(path);
        return groupVersion.orElseGet(() -> super.dispatch(request));
      }
      Served s = listed.get();
      String resource = s.group().isEmpty() ? s.plural() : s.plural() + "." + s.group();
      Optional<Fault> fault = takeFault(resource, query.containsKey("continue"));
      if (fault.isPresent() && fault.get().code != 0) {
        if (fault.get().code == 410) {
          snapshots.remove(snapshotOf(query.get("continue")));
        }
        return status(fault.get().code, fault.get().reason, fault.get().message);
      }
      MockResponse page = page(s, path, query);
      // Sent later by the server's timer: a dispatcher that slept would hold up every other request.
      fault.ifPresent(f -> page.setBodyDelay(f.delay));
      return page;
    }

    /** A watch of the mock's, kept among the open watches of its resource while it is open. */
    private MockResponse tracked(Served s, MockResponse watch) {
      WebSocketListener mock = watch.getWebSocketListener();
      if (mock == null) {
        return watch;
      }
      String resource = s.group().isEmpty() ? s.plural() : s.plural() + "." + s.group();
      Set<WebSocket> open = watches.computeIfAbsent(resource, r -> ConcurrentHashMap.newKeySet());
      return watch.withWebSocketUpgrade(new WebSocketListener() {
        @Override
        public void onBeforeAccept(WebSocket ws, Response response) {
          mock.onBeforeAccept(ws, response);
        }

        @Override
        public void onOpen(WebSocket ws, Response response) {
          open.add(ws);
          mock.onOpen(ws, response);
        }

        @Override
        public void onMessage(WebSocket ws, String text) {
          mock.onMessage(ws, text);
        }

        @Override
        public void onMessage(WebSocket ws, byte[] bytes) {
          mock.onMessage(ws, bytes);
        }

        @Override
        public void onClosing(WebSocket ws, int code, String reason) {
          open.remove(ws);
          mock.onClosing(ws, code, reason);
        }

        @Override
        public void onClosed(WebSocket ws, int code, String reason) {
          open.remove(ws);
          mock.onClosed(ws, code, reason);
        }

        @Override
        public void onFailure(WebSocket ws, Throwable error, Response response) {
          open.remove(ws);
          mock.onFailure(ws, error, response);
        }
      });
    }

    /**
     * A CRD created, changed or deleted through the mock serves (or no longer serves) its kind, and an
     * object created through it serves its own kind, as discovery would show.
     */
    private void learnServed(RecordedRequest request, MockResponse response) {
      if (response.code() < 200 || response.code() >= 300 || response.getBody() == null
          || response.getBody().size() == 0) {
        return;
      }
      JsonNode body;
      try {
        body = JSON.readTree(response.getBody().getBytes());
      } catch (IOException e) {
        return;
      }
      if (!body.path("metadata").has("name")) {
        return;
      }
      boolean deleted = "DELETE".equals(request.getMethod());
      if (isCrd(body)) {
        if (deleted) {
          JsonNode spec = body.path("spec");
          served.remove(spec.path("group").asText() + "/" + spec.path("names").path("plural").asText());
        } else {
          serveCrd(body);
        }
      } else if ("POST".equals(request.getMethod()) && body.has("kind")) {
        serveKindOf(body);
      }
    }

    /** The objects of a list, a page at a time, from the snapshot its first page took. */
    private MockResponse page(Served s, String path, Map<String, String> query) {
      String token = query.get("continue");
      String snapshotId;
      int offset;
      if (token != null) {
        snapshotId = snapshotOf(token);
        offset = offsetOf(token);
        if (!snapshots.containsKey(snapshotId)) {
          return status(410, "Expired", "The provided continue parameter is too old.");
        }
      } else {
        snapshotId = String.valueOf(snapshotIds.incrementAndGet());
        snapshots.put(snapshotId, itemsOf(s, path, query.get("labelSelector")));
        offset = 0;
      }
      List<String> items = snapshots.get(snapshotId);
      int limit = query.containsKey("limit") ? Integer.parseInt(query.get("limit")) : Integer.MAX_VALUE;
      int end = (int) Math.min(items.size(), (long) offset + Math.max(1, limit));
      StringBuilder body = new StringBuilder("{\"apiVersion\":\"").append(s.group().isEmpty() ? "" : s.group() + "/")
          .append(s.versions().iterator().next()).append("\",\"kind\":\"").append(s.kind()).append("List\",")
          .append("\"metadata\":{\"resourceVersion\":\"").append(versions.get()).append('"');
      if (end < items.size()) {
        body.append(",\"continue\":\"").append(token(snapshotId, end)).append("\",\"remainingItemCount\":")
            .append(items.size() - end);
      } else {
        snapshots.remove(snapshotId);
      }
      List<String> pageItems = items.subList(offset, end);
      if (untypedItems) {
        pageItems = pageItems.stream().map(TestApiServer::untyped).toList();
      }
      body.append("},\"items\":[").append(String.join(",", pageItems)).append("]}");
      return new MockResponse().setResponseCode(200).setHeader("Content-Type", "application/json")
          .setBody(body.toString());
    }

    /**
     * The stored objects a list path and label selector match, in namespace and name order: those
     * loaded (under any version) and those the mock's own CRUD stored (under the version of their path).
     */
    private List<String> itemsOf(Served s, String path, String labelSelector) {
      String unversioned = path.replaceFirst("^(/api|/apis/[^/]+)/[^/]+/", "$1/" + ANY_VERSION + "/");
      String selector = labelSelector == null ? ""
          : "?labelSelector=" + java.net.URLEncoder.encode(labelSelector, StandardCharsets.UTF_8);
      AttributeSet query = getKey(unversioned + selector);
      AttributeSet written = getKey(path + selector);
      TreeMap<String, String> ordered = new TreeMap<>();
      synchronized (map) {
        map.forEach((key, json) -> {
          // A core list's query names no group, which the objects of every group would match.
          if ((key.matches(query) || key.matches(written)) && value(key, "api").equals(s.group())) {
            ordered.put(value(key, "namespace") + "/" + value(key, "name"), json);
          }
        });
      }
      return new ArrayList<>(ordered.values());
    }

    private Optional<Served> listedResource(String path) {
      String[] parts = path.split("/");
      // /api/v1/plural, /api/v1/namespaces/ns/plural, /apis/g/v/plural, /apis/g/v/namespaces/ns/plural
      int base = parts.length > 1 && parts[1].equals("api") ? 3 : 4;
      if (parts.length < base || !(parts[1].equals("api") || parts[1].equals("apis"))) {
        return Optional.empty();
      }
      String group = base == 3 ? "" : parts[2];
      String version = parts[base - 1];
      String plural;
      if (parts.length == base + 1) {
        plural = parts[base];
      } else if (parts.length == base + 3 && parts[base].equals("namespaces")) {
        plural = parts[base + 2];
      } else {
        return Optional.empty();
      }
      return Optional.ofNullable(served.get(group + "/" + plural)).filter(s -> s.versions().contains(version));
    }
  }

  private static String untyped(String item) {
    try {
      ObjectNode object = (ObjectNode) JSON.readTree(item);
      object.remove("apiVersion");
      object.remove("kind");
      return write(object);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String value(AttributeSet key, String name) {
    Attribute a = key.getAttribute(name);
    return a == null ? "" : a.getValues().get(0).toString();
  }

  private static String token(String snapshotId, int offset) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString((snapshotId + ":" + offset).getBytes(StandardCharsets.UTF_8));
  }

  private static String snapshotOf(String token) {
    if (token == null) {
      return "";
    }
    String decoded = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
    return decoded.substring(0, decoded.indexOf(':'));
  }

  private static int offsetOf(String token) {
    String decoded = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
    return Integer.parseInt(decoded.substring(decoded.indexOf(':') + 1));
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> out = new LinkedHashMap<>();
    if (raw == null) {
      return out;
    }
    for (String pair : raw.split("&")) {
      int eq = pair.indexOf('=');
      String k = eq < 0 ? pair : pair.substring(0, eq);
      String v = eq < 0 ? "" : pair.substring(eq + 1);
      out.put(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
    }
    return out;
  }

  // ---- Discovery -------------------------------------------------------------------------------

  /** Group -> version -> resources served there, core group first, groups by name. */
  private Map<String, Map<String, List<Served>>> byGroupVersion() {
    Map<String, Map<String, List<Served>>> groups = new TreeMap<>();
    synchronized (served) {
      for (Served s : served.values()) {
        for (String v : s.versions()) {
          groups.computeIfAbsent(s.group(), g -> new TreeMap<>(KubeVersions.MOST_PREFERRED_FIRST))
              .computeIfAbsent(v, x -> new ArrayList<>()).add(s);
        }
      }
    }
    return groups;
  }

  private ObjectNode aggregatedDiscovery(boolean core) {
    ObjectNode list = JSON.createObjectNode().put("kind", "APIGroupDiscoveryList")
        .put("apiVersion", "apidiscovery.k8s.io/v2");
    list.putObject("metadata");
    ArrayNode items = list.putArray("items");
    byGroupVersion().forEach((group, versionsOfGroup) -> {
      if (group.isEmpty() != core) {
        return;
      }
      ObjectNode g = items.addObject();
      g.putObject("metadata").put("name", group);
      ArrayNode vs = g.putArray("versions");
      versionsOfGroup.forEach((version, resources) -> {
        ObjectNode v = vs.addObject().put("version", version);
        boolean failing = failingGroupVersions.contains(group.isEmpty() ? version : group + "/" + version);
        v.put("freshness", failing ? "Stale" : "Current");
        ArrayNode rs = v.putArray("resources");
        for (Served s : failing ? List.<Served>of() : resources) {
          ObjectNode r = rs.addObject().put("resource", s.plural());
          r.putObject("responseKind").put("group", group).put("version", version).put("kind", s.kind());
          r.put("scope", s.namespaced() ? "Namespaced" : "Cluster");
          r.put("singularResource", s.kind().toLowerCase(java.util.Locale.ROOT));
          ArrayNode shortNames = r.putArray("shortNames");
          shortNames(s).forEach(shortNames::add);
          r.putArray("verbs").add("get").add("list").add("watch");
          ArrayNode sub = r.putArray("subresources");
          if (s.status()) {
            sub.addObject().put("subresource", "status").putArray("verbs").add("get").add("patch").add("update");
          }
        }
      });
    });
    return list;
  }

  private ObjectNode legacyRoot(String path) {
    if (path.equals("/api")) {
      ObjectNode versionsDoc = JSON.createObjectNode().put("kind", "APIVersions");
      versionsDoc.putArray("versions").add("v1");
      return versionsDoc;
    }
    ObjectNode list = JSON.createObjectNode().put("kind", "APIGroupList").put("apiVersion", "v1");
    ArrayNode groups = list.putArray("groups");
    byGroupVersion().forEach((group, versionsOfGroup) -> {
      if (group.isEmpty()) {
        return;
      }
      ObjectNode g = groups.addObject().put("name", group);
      ArrayNode vs = g.putArray("versions");
      versionsOfGroup.keySet().forEach(v -> vs.addObject().put("groupVersion", group + "/" + v).put("version", v));
      String preferred = versionsOfGroup.keySet().iterator().next();
      g.putObject("preferredVersion").put("groupVersion", group + "/" + preferred).put("version", preferred);
    });
    return list;
  }

  private Optional<MockResponse> legacyGroupVersion(String path) {
    String[] parts = path.split("/");
    String group;
    String version;
    if (parts.length == 3 && parts[1].equals("api")) {
      group = "";
      version = parts[2];
    } else if (parts.length == 4 && parts[1].equals("apis")) {
      group = parts[2];
      version = parts[3];
    } else {
      return Optional.empty();
    }
    String gv = group.isEmpty() ? version : group + "/" + version;
    if (failingGroupVersions.contains(gv)) {
      return Optional.of(status(503, "ServiceUnavailable", "the server is currently unable to handle the request"));
    }
    List<Served> resources = byGroupVersion().getOrDefault(group, Map.of()).getOrDefault(version, List.of());
    ObjectNode list = JSON.createObjectNode().put("kind", "APIResourceList").put("apiVersion", "v1")
        .put("groupVersion", gv);
    ArrayNode rs = list.putArray("resources");
    for (Served s : resources) {
      ObjectNode r = rs.addObject().put("name", s.plural()).put("namespaced", s.namespaced()).put("kind", s.kind());
      r.put("singularName", s.kind().toLowerCase(java.util.Locale.ROOT));
      ArrayNode shortNames = r.putArray("shortNames");
      shortNames(s).forEach(shortNames::add);
      r.putArray("verbs").add("get").add("list").add("watch");
      if (s.status()) {
        ObjectNode st = rs.addObject().put("name", s.plural() + "/status").put("namespaced", s.namespaced())
            .put("kind", s.kind());
        st.putArray("verbs").add("get").add("patch").add("update");
      }
    }
    return Optional.of(json(200, list));
  }

  // ---- Answers ---------------------------------------------------------------------------------

  private static MockResponse json(int code, JsonNode body) {
    return new MockResponse().setResponseCode(code).setHeader("Content-Type", "application/json").setBody(write(body));
  }

  private static MockResponse status(int code, String reason, String message) {
    ObjectNode status = JSON.createObjectNode().put("kind", "Status").put("apiVersion", "v1");
    status.putObject("metadata");
    status.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
    MockResponse response = json(code, status);
    if (code == 429 || code == 503) {
      response.setHeader("Retry-After", "0");
    }
    return response;
  }

  private List<String> shortNames(Served s) {
    return crdShortNames.getOrDefault(s.group() + "/" + s.plural(),
        s.group().isEmpty() || s.group().equals("apps") ? BUILT_IN_SHORT_NAMES.getOrDefault(s.kind(), List.of()) : List.of());
  }

  private static Map<String, BuiltIn> builtIns() {
    Map<String, BuiltIn> m = new HashMap<>();
    for (String kind : List.of("Pod", "Service", "PersistentVolumeClaim", "ReplicationController", "ResourceQuota",
        "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob", "HorizontalPodAutoscaler",
        "PodDisruptionBudget", "Ingress")) {
      m.put(kind, new BuiltIn(Pluralize.toPlural(kind.toLowerCase(java.util.Locale.ROOT)), true, true));
    }
    for (String kind : List.of("Namespace", "Node", "PersistentVolume", "CustomResourceDefinition", "APIService",
        "CertificateSigningRequest", "VolumeAttachment")) {
      m.put(kind, new BuiltIn(Pluralize.toPlural(kind.toLowerCase(java.util.Locale.ROOT)), false, true));
    }
    for (String kind : List.of("ConfigMap", "Secret", "ServiceAccount", "Event", "Endpoints", "Role", "RoleBinding")) {
      m.put(kind, new BuiltIn(Pluralize.toPlural(kind.toLowerCase(java.util.Locale.ROOT)), true, false));
    }
    for (String kind : List.of("ClusterRole", "ClusterRoleBinding", "StorageClass")) {
      m.put(kind, new BuiltIn(Pluralize.toPlural(kind.toLowerCase(java.util.Locale.ROOT)), false, false));
    }
    return m;
  }
}
