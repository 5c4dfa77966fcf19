package dev.condlint.monitor.watch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cluster.ApiException;
import dev.condlint.cluster.ApiResource;
import dev.condlint.cluster.ClusterSession;
import dev.condlint.cluster.CrdSource;
import dev.condlint.cluster.Discovery;
import dev.condlint.cluster.KindFilter;
import dev.condlint.cluster.ReadProblem;
import dev.condlint.cluster.StatusSchemas;
import dev.condlint.monitor.assess.Assessment;
import dev.condlint.monitor.assess.Assessor;
import dev.condlint.monitor.log.MonitorLog;
import dev.condlint.monitor.state.Entry;
import dev.condlint.monitor.state.ObjectStore;
import dev.condlint.monitor.state.WatchedKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Watches every resource that has a status with a fabric8 informer each (list, then watch from the
 * list's resourceVersion with bookmarks, a new list on 410 Gone, a growing backoff on errors), on the
 * session's Vert.x transport, and the cluster's CRDs with another ({@link CrdSource}): they are the
 * contracts custom resources are judged by, and a CRD created, changed or deleted starts, restarts or
 * stops the watch of its kind without a restart of the process. Each object an informer hears of is
 * judged on the informer's thread and kept in the {@link ObjectStore} as its assessment; the informers
 * keep only each object's key, resourceVersion and uid.
 */
public final class ResourceWatches implements AutoCloseable {
  /** Objects read and not yet judged, across informers, before the reading waits (a few MB of objects). */
  static final long BACKLOG = 1_000;
  /** After a burst of CRD changes, how long to wait for more before discovery is read again. */
  private static final Duration SETTLE = Duration.ofMillis(300);
  /** How long to wait before discovery is tried again when it failed. */
  private static final Duration DISCOVERY_RETRY = Duration.ofSeconds(10);

  /** What to watch: a namespace (empty: all, and cluster-scoped resources), a label selector, the kinds, the page size. */
  public record Scope(Optional<String> namespace, Optional<String> selector, KindFilter kinds, int chunkSize) {
    public Scope {
      if (chunkSize < 1) {
        throw new IllegalArgumentException("chunk size must be at least 1");
      }
    }
  }

  /** A CRD as far as the watches need it: what it serves and whether its spec changed. */
  private record CrdInfo(String group, String plural, String kind, long generation) {}

  private final ClusterSession session;
  private final KubernetesClient client;
  private final Scope scope;
  private final Sharding sharding;
  private final Assessor assessor;
  private final ObjectStore store;
  private final Clock clock;
  private final MonitorLog log;
  private final Duration crdWait;
  private final CrdSource crds;
  private final StatusSchemas statusSchemas = new StatusSchemas();
  private final Map<String, CrdInfo> crdInfo = new ConcurrentHashMap<>();
  private final Set<String> restartPending = ConcurrentHashMap.newKeySet();
  private final Map<String, Watch> watches = new ConcurrentHashMap<>();
  private final Map<String, WatchStats> statsByResource = new ConcurrentHashMap<>();
  private final Set<String> discoveryProblems = ConcurrentHashMap.newKeySet();
  private final AtomicLong watchIds = new AtomicLong();
  private final Backlog backlog = new Backlog(BACKLOG);
  private final AtomicBoolean reconcileScheduled = new AtomicBoolean();
  private final ScheduledExecutorService control = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "condlint-monitor-watches");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean crdsWaited;
  private volatile boolean discovered;
  private volatile boolean closed;
  /** How long a close waits for the control thread (a reconcile reading discovery) to end. */
  static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

  /**
   * @param crdWait how long to wait for the first list of the CRDs before judging custom resources
   *     without those not yet listed (they are judged again as their CRDs arrive)
   */
  public ResourceWatches(ClusterSession session, Scope scope, Sharding sharding, Assessor assessor, ObjectStore store,
      Clock clock, Duration crdWait, MonitorLog log) {
    this.session = session;
    this.client = session.client();
    this.scope = scope;
    this.sharding = sharding;
    this.assessor = assessor;
    this.store = store;
    this.clock = clock;
    this.crdWait = crdWait;
    this.log = log;
    this.crds = new CrdSource(client, this::crdChanged);
  }

  /** Starts the CRDs' informer, then (on a thread of its own) discovery and the informers; returns at once. */
  public void start() {
    crds.start();
    control.execute(() -> {
      try {
        if (!crds.awaitSynced(crdWait)) {
          log.warn("the cluster's CRDs were not listed within " + crdWait.toSeconds() + "s; custom resources are"
              + " judged without the CRDs not yet listed, and again as they arrive (can the monitor list and watch"
              + " customresourcedefinitions?)");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      crdsWaited = true;
      reconcile();
    });
  }

  // ---- CRDs and discovery ----------------------------------------------------------------------

  /** On the CRD informer's thread: remember what the watches need, and look again once the burst settles. */
  private void crdChanged(String name, Optional<JsonNode> crd) {
    if (crd.isPresent()) {
      JsonNode spec = crd.get().path("spec");
      CrdInfo info = new CrdInfo(spec.path("group").asText(), spec.path("names").path("plural").asText(),
          spec.path("names").path("kind").asText(), crd.get().path("metadata").path("generation").asLong());
      statusSchemas.add(crd.get());
      CrdInfo old = crdInfo.put(name, info);
      if (old != null && old.generation() != info.generation()) {
        // Its objects were judged by the CRD as it was: list them again.
        restartPending.add(info.group() + "/" + info.plural());
      }
    } else {
      CrdInfo old = crdInfo.remove(name);
      if (old != null) {
        statusSchemas.remove(old.group(), old.kind());
      }
    }
    scheduleReconcile();
  }

  private void scheduleReconcile() {
    if (crdsWaited && !closed && reconcileScheduled.compareAndSet(false, true)) {
      control.schedule(() -> {
        reconcileScheduled.set(false);
        reconcile();
      }, SETTLE.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /**
   * On the control thread: the judge takes the CRDs as they now are; discovery says what is served;
   * the watches follow (new kinds started, kinds gone stopped and their objects forgotten, kinds whose
   * CRD changed or whose preferred version moved listed again).
   */
  private void reconcile() {
    if (closed) {
      return;
    }
    assessor.useCrds(crds.catalog());
    Discovery.Result found;
    try {
      found = new Discovery(session.api()).discover();
    } catch (ApiException e) {
      log.warn("cannot read the API's discovery at " + session.api().url() + ": " + e.describe() + "; trying again in "
          + DISCOVERY_RETRY.toSeconds() + "s");
      control.schedule(this::reconcile, DISCOVERY_RETRY.toMillis(), TimeUnit.MILLISECONDS);
      return;
    }
    for (ReadProblem p : found.problems()) {
      if (discoveryProblems.add(p.where() + p.message())) {
        log.warn(p.where() + ": " + p.message());
      }
    }
    Map<String, ApiResource> desired = new LinkedHashMap<>();
    for (ApiResource r : found.resources()) {
      if (inScope(r)) {
        desired.put(key(r.group(), r.plural()), r);
      }
    }
    for (String key : List.copyOf(watches.keySet())) {
      if (!desired.containsKey(key)) {
        Watch stopped = stop(key);
        int forgotten = store.removeKind(stopped.kind);
        statsByResource.remove(key);
        log.info("stopped watching " + stopped.kind.resourceName() + " (no longer served, or no longer has a status);"
            + " forgot " + forgotten + " objects");
      }
    }
    for (Map.Entry<String, ApiResource> e : desired.entrySet()) {
      Watch current = watches.get(e.getKey());
      boolean moved = current != null && !current.kind.version().equals(e.getValue().version());
      boolean changed = restartPending.remove(e.getKey());
      if (current == null) {
        start(e.getValue(), false);
      } else if (moved || changed) {
        stop(e.getKey());
        start(e.getValue(), true);
      }
    }
    restartPending.clear();
    if (!discovered) {
      log.info("watching " + watches.size() + " resources with a status at " + session.api().url());
    }
    discovered = true;
  }

  private boolean inScope(ApiResource r) {
    return r.verbs().contains("list") && r.verbs().contains("watch")
        && (scope.namespace().isEmpty() || r.namespaced())
        && scope.kinds().audits(r)
        && statusSchemas.hasStatus(r);
  }

  private static String key(String group, String plural) {
    return group + "/" + plural;
  }

  // ---- One resource's informer -----------------------------------------------------------------

  /** One informer and what it tells of: each is a new {@code id}, so a restart can sweep what the last one left. */
  private final class Watch implements ResourceEventHandler<GenericKubernetesResource> {
    final WatchedKind kind;
    final long id;
    final boolean restart;
    final WatchStats stats;
    final ResourceDefinitionContext context;
    final SharedIndexInformer<GenericKubernetesResource> informer;
    final Backlog.Share backlog = ResourceWatches.this.backlog.share();
    volatile boolean stopped;

    Watch(ApiResource r, boolean restart) {
      this.kind = new WatchedKind(r.group(), r.version(), r.plural(), r.kind(), r.namespaced());
      this.id = watchIds.incrementAndGet();
      this.restart = restart;
      this.stats = statsByResource.computeIfAbsent(key(r.group(), r.plural()), k -> new WatchStats(kind));
      this.context = new ResourceDefinitionContext.Builder().withGroup(r.group()).withVersion(r.version())
          .withPlural(r.plural()).withKind(r.kind()).withNamespaced(r.namespaced()).build();
      MixedOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> op =
          client.genericKubernetesResources(context);
      FilterWatchListDeletable<GenericKubernetesResource, GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>> listed = scope.namespace().filter(n -> r.namespaced())
          .<FilterWatchListDeletable<GenericKubernetesResource, GenericKubernetesResourceList,
              Resource<GenericKubernetesResource>>>map(op::inNamespace)
          .orElseGet(op::inAnyNamespace);
      if (scope.selector().isPresent()) {
        listed = listed.withLabelSelector(scope.selector().get());
      }
      this.informer = listed.withLimit((long) scope.chunkSize()).runnableInformer(0);
      // The informer keeps each object's key, resourceVersion and uid, and no index; the store keeps its
      // assessment.
      informer.itemStore(new KeyVersionStore(backlog));
      informer.removeNamespaceIndex();
      informer.exceptionHandler((started, error) -> {
        failed(error);
        return !stopped;
      });
      informer.addEventHandler(this);
    }

    void start() {
      informer.start();
    }

    void stop() {
      stopped = true;
      informer.stop();
      backlog.abandon();
    }

    @Override
    public void onBeforeList(String lastSyncResourceVersion) {
      if (lastSyncResourceVersion != null && !stopped) {
        stats.relisted();
        log.info("listing " + kind.resourceName() + " again (its watch could not go on from resourceVersion "
            + lastSyncResourceVersion + ")");
      }
    }

    @Override
    public void onList(String resourceVersion, boolean remainedEmpty) {
      if (stopped) {
        return;
      }
      boolean first = !stats.synced();
      stats.listed(clock.instant());
      if (restart) {
        int swept = store.sweep(kind, id);
        if (swept > 0) {
          log.info("forgot " + swept + " objects of " + kind.resourceName() + " that its new list no longer has");
        }
      }
      if (first) {
        log.info("listed " + kind.resourceName() + " at resourceVersion " + resourceVersion);
      }
    }

    @Override
    public void onAdd(GenericKubernetesResource object) {
      try {
        judge(this, object);
      } finally {
        backlog.done();
      }
    }

    @Override
    public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource object) {
      try {
        judge(this, object);
      } finally {
        backlog.done();
      }
    }

    @Override
    public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
      if (!stopped && object.getMetadata() != null && object.getMetadata().getUid() != null) {
        store.remove(object.getMetadata().getUid());
      }
    }

    private void failed(Throwable error) {
      KubernetesClientException k = error instanceof KubernetesClientException e ? e
          : error.getCause() instanceof KubernetesClientException e ? e : null;
      int code = k == null ? 0 : k.getCode();
      boolean refusal = code == 401 || code == 403 || code == 404;
      String message = code == 0 ? String.valueOf(error.getMessage()) : "HTTP " + code + ": " + k.getMessage();
      boolean repeated = message.equals(stats.lastError());
      stats.error(message, refusal);
      if (!repeated && !stopped) {
        log.warn(kind.resourceName() + ": " + message + "; trying again with a growing backoff");
      }
    }
  }

  private void start(ApiResource r, boolean restart) {
    Watch w = new Watch(r, restart);
    watches.put(key(r.group(), r.plural()), w);
    // A reconcile that read discovery while the monitor closed must not leave a watch running after it:
    // close sees this watch (it set closed after the put), or this sees closed.
    if (closed) {
      stop(key(r.group(), r.plural()));
      return;
    }
    w.start();
  }

  private Watch stop(String key) {
    Watch w = watches.remove(key);
    if (w != null) {
      w.stop();
    }
    return w;
  }

  /** Judges an object and keeps its assessment, if it is this shard's. On an informer's thread. */
  private void judge(Watch w, GenericKubernetesResource object) {
    judge(w, object, false);
  }

  /**
   * Judges an object and keeps its assessment, if it is this shard's; {@code again}: only in place of
   * the assessment of the same resource version (a look at a later time, which an event may overtake).
   */
  private void judge(Watch w, GenericKubernetesResource object, boolean again) {
    if (w.stopped || object.getMetadata() == null) {
      return;
    }
    String uid = Optional.ofNullable(object.getMetadata().getUid()).orElse("");
    if (!sharding.owns(uid)) {
      return;
    }
    ObjectNode tree = client.getKubernetesSerialization().convertValue(object, ObjectNode.class);
    // Lists of built-in kinds leave apiVersion and kind out of their items.
    if (!tree.hasNonNull("apiVersion") || !tree.hasNonNull("kind")) {
      ObjectNode typed = tree.objectNode();
      typed.put("apiVersion", w.kind.apiVersion());
      typed.put("kind", w.kind.kind());
      tree.remove("apiVersion");
      tree.remove("kind");
      typed.setAll(tree);
      tree = typed;
    }
    Assessment assessment;
    try {
      assessment = assessor.assess(tree, clock.instant());
    } catch (RuntimeException e) {
      // A bug, not the object's fault: say which object, keep watching the others.
      w.failed(new IllegalStateException("cannot judge " + w.kind.kind() + " " + object.getMetadata().getName() + ": "
          + e, e));
      return;
    }
    String namespace = Optional.ofNullable(object.getMetadata().getNamespace()).orElse("");
    String name = object.getMetadata().getName();
    String version = object.getMetadata().getResourceVersion();
    if (again) {
      store.replace(w.kind, w.id, namespace, name, uid, version, assessment);
    } else {
      store.put(w.kind, w.id, namespace, name, uid, version, assessment);
    }
  }

  /**
   * Judges an object again now, as it is on the server, if it is still at {@code resourceVersion}: a
   * deadline may have passed without an event. A changed or deleted object is left to its informer.
   */
  public void recheck(String uid, String resourceVersion) {
    Optional<Entry> entry = store.get(uid);
    if (entry.isEmpty()) {
      return;
    }
    WatchedKind kind = entry.get().kind();
    Watch w = watches.get(key(kind.group(), kind.plural()));
    if (w == null || !w.kind.equals(kind)) {
      return;
    }
    GenericKubernetesResource now;
    try {
      var op = client.genericKubernetesResources(w.context);
      now = (kind.namespaced() ? op.inNamespace(entry.get().namespace()) : op).withName(entry.get().name()).get();
    } catch (KubernetesClientException e) {
      w.failed(e);
      return;
    }
    if (now != null && resourceVersion.equals(now.getMetadata().getResourceVersion())) {
      judge(w, now, true);
    }
  }

  // ---- State -----------------------------------------------------------------------------------

  /** Why the monitor is not ready yet; empty once every watched resource has listed (or been refused). */
  public Optional<String> notReady() {
    if (!crdsWaited) {
      return Optional.of("waiting for the first list of the cluster's CRDs");
    }
    if (!discovered) {
      return Optional.of("waiting for the API's discovery");
    }
    List<String> waiting = watches.values().stream()
        .filter(w -> !w.stats.synced() && !w.stats.refused())
        .map(w -> w.kind.resourceName()).sorted().toList();
    if (waiting.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("waiting for the first list of " + waiting.size() + " of " + watches.size() + " resources: "
        + String.join(", ", waiting.subList(0, Math.min(5, waiting.size()))) + (waiting.size() > 5 ? ", ..." : ""));
  }

  /** The watched resources' stats, by resource name. */
  public List<WatchStats> stats() {
    List<WatchStats> out = new ArrayList<>(statsByResource.values());
    out.sort(Comparator.comparing((WatchStats s) -> s.kind().resourceName()));
    return out;
  }

  /** The resources watched now. */
  public List<WatchedKind> watched() {
    return watches.values().stream().map(w -> w.kind)
        .sorted(Comparator.comparing(WatchedKind::resourceName)).toList();
  }

  public Sharding sharding() {
    return sharding;
  }

  /**
   * Stops every informer, after the control thread has ended (at most {@link #CLOSE_WAIT}), so that a
   * reconcile in progress starts no watch afterwards. fabric8's informers close their watch
   * asynchronously and offer nothing that says when the socket is closed (their {@code stopped()}
   * completes within {@code stop()}); the session's close, which waits for its Vert.x to close, closes
   * the sockets.
   */
  @Override
  public void close() {
    closed = true;
    control.shutdownNow();
    try {
      control.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (String key : List.copyOf(watches.keySet())) {
      stop(key);
    }
    crds.close();
  }
}
