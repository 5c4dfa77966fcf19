package dev.condlint.monitor;

import static dev.condlint.monitor.MonitorCluster.eventually;
import static dev.condlint.monitor.MonitorCluster.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.monitor.state.Entry;
import dev.condlint.monitor.watch.ResourceWatches;
import dev.condlint.monitor.watch.Sharding;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The monitor against the mock's CRUD mode with watches: objects written through a client are judged
 * as their events arrive, fixed and deleted; a watch ended by 410 Gone lists again; a CRD created
 * later brings its kind under watch; shards split the objects; a deadline passes with no event.
 */
class WatchTest {
  private static final List<JsonNode> CLUSTER = MonitorCluster.objects("monitor/cluster.yaml");
  private static final String[] PER_OBJECT = {"condlint_objects", "condlint_findings", "condlint_object_health",
      "condlint_findings_by_writer", "condlint_stuck_objects"};

  /** Widget a, as condlint judges it (its findings, health, stuck, and the writers of its findings). */
  private static final List<String> WIDGET_A = List.of(
      "condlint_findings_by_writer{severity=\"error\",writer=\"widget-controller\",} 1.0",
      "condlint_findings_by_writer{severity=\"info\",writer=\"kubectl-client-side-apply\",} 1.0",
      "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"condition-reason-format\",severity=\"error\",} 1.0",
      "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
      "condlint_object_health{group=\"example.com\",kind=\"Widget\",status=\"InProgress\",} 1.0",
      "condlint_objects{group=\"example.com\",kind=\"Widget\",} 1.0",
      "condlint_stuck_objects{group=\"example.com\",kind=\"Widget\",reason=\"SummaryFalse\",} 1.0");

  private final MonitorCluster cluster = new MonitorCluster();

  @AfterEach
  void stop() {
    cluster.close();
  }

  private Monitor started(String... kinds) {
    Monitor monitor = cluster.start(MonitorCluster.options(kinds));
    MonitorCluster.awaitReady(monitor);
    return monitor;
  }

  private static ObjectNode withReady(ObjectNode object, String status, String reason) {
    ObjectNode condition = (ObjectNode) object.with("status").withArray("conditions").get(0);
    condition.put("status", status).put("reason", reason);
    return object;
  }

  @Test
  void anObjectAddedShowsItsFindingsAFixClearsThemAndADeletionForgetsIt() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    Monitor monitor = started("Widget");
    assertEquals(List.of("condlint_objects{group=\"example.com\",kind=\"Widget\",} 0.0"),
        cluster.samples(monitor, PER_OBJECT));

    ObjectNode a = object(CLUSTER, "Widget", "a");
    cluster.create(a);
    eventually(() -> cluster.samples(monitor, PER_OBJECT), WIDGET_A);

    // Its controller writes a reason that is an identifier, and Ready: only the needless suppression is left.
    cluster.updateStatus(withReady(a, "True", "Ready"));
    eventually(() -> cluster.samples(monitor, PER_OBJECT), List.of(
        "condlint_findings_by_writer{severity=\"info\",writer=\"kubectl-client-side-apply\",} 1.0",
        "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
        "condlint_object_health{group=\"example.com\",kind=\"Widget\",status=\"Current\",} 1.0",
        "condlint_objects{group=\"example.com\",kind=\"Widget\",} 1.0"));

    cluster.delete(a);
    eventually(() -> cluster.samples(monitor, PER_OBJECT),
        List.of("condlint_objects{group=\"example.com\",kind=\"Widget\",} 0.0"));
    assertEquals(0, monitor.store().size());
  }

  @Test
  void aWatchEndedBy410ListsAgainCountingNothingTwiceAndFindsWhatItMissed() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    cluster.create(object(CLUSTER, "Widget", "a"));
    ObjectNode b = cluster.create(object(CLUSTER, "Widget", "b"));
    ObjectNode c = cluster.create(object(CLUSTER, "Widget", "c"));
    Monitor monitor = started("Widget");
    eventually(() -> cluster.samples(monitor, "condlint_objects", "condlint_findings", "condlint_relists_total"),
        List.of(
            "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"condition-reason-format\",severity=\"error\",} 1.0",
            "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
            "condlint_objects{group=\"example.com\",kind=\"Widget\",} 3.0",
            "condlint_relists_total{group=\"example.com\",kind=\"Widget\",} 0.0"));
    MonitorCluster.eventuallyTrue(() -> cluster.server.openWatches("widgets.example.com") == 1, "a watch is open");

    // While the watch is down, b gets a bad reason and c is deleted: no event tells of either.
    cluster.server.replaceUnseen(withReady(b, "False", "not ready yet"));
    cluster.server.deleteUnseen(c);
    assertEquals(1, cluster.server.expireWatches("widgets.example.com"));

    eventually(() -> cluster.samples(monitor, "condlint_objects", "condlint_findings", "condlint_relists_total"),
        List.of(
            "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"condition-reason-format\",severity=\"error\",} 2.0",
            "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
            "condlint_objects{group=\"example.com\",kind=\"Widget\",} 2.0",
            "condlint_relists_total{group=\"example.com\",kind=\"Widget\",} 1.0"));
    assertEquals(Set.of("a", "b"), monitor.store().entries().map(Entry::name).collect(Collectors.toSet()));
    MonitorCluster.eventuallyTrue(() -> cluster.server.openWatches("widgets.example.com") == 1, "watching again");
  }

  private static ObjectNode gadgetCrd() {
    ObjectNode crd = object(CLUSTER, "CustomResourceDefinition", "widgets.example.com");
    crd.with("metadata").put("name", "gadgets.example.com");
    crd.with("spec").with("names").put("kind", "Gadget").put("listKind", "GadgetList").put("plural", "gadgets")
        .put("singular", "gadget");
    return crd;
  }

  @Test
  void aCrdCreatedLaterBringsItsKindUnderWatchAndItsDeletionEndsIt() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    Monitor monitor = started("Widget", "Gadget");
    assertEquals(List.of("condlint_objects{group=\"example.com\",kind=\"Widget\",} 0.0"),
        cluster.samples(monitor, "condlint_objects"));

    ObjectNode crd = gadgetCrd();
    cluster.create(crd);
    ObjectNode gadget = object(CLUSTER, "Widget", "a");
    gadget.put("kind", "Gadget");
    MonitorCluster.eventuallyTrue(() -> cluster.samples(monitor, "condlint_objects").size() == 2,
        "the Gadget kind is watched");
    cluster.create(gadget);
    eventually(() -> cluster.samples(monitor, "condlint_objects", "condlint_findings"), List.of(
        "condlint_findings{group=\"example.com\",kind=\"Gadget\",rule=\"condition-reason-format\",severity=\"error\",} 1.0",
        "condlint_findings{group=\"example.com\",kind=\"Gadget\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
        "condlint_objects{group=\"example.com\",kind=\"Gadget\",} 1.0",
        "condlint_objects{group=\"example.com\",kind=\"Widget\",} 0.0"));
    assertTrue(monitor.notReady().isEmpty());

    cluster.delete(crd);
    eventually(() -> cluster.samples(monitor, "condlint_objects", "condlint_findings"),
        List.of("condlint_objects{group=\"example.com\",kind=\"Widget\",} 0.0"));
    assertTrue(cluster.log.contains("info stopped watching gadgets.example.com (no longer served, or no longer has a"
        + " status); forgot 1 objects"), cluster.log.toString());
  }

  @Test
  void aCrdWhoseSchemaChangesHasItsObjectsJudgedAgainAndOneWithoutAStatusIsNoLongerWatched() {
    ObjectNode crd = cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    cluster.create(object(CLUSTER, "Widget", "a"));
    Monitor monitor = started("Widget");
    List<String> judged = List.of(
        "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"condition-reason-format\",severity=\"error\",} 1.0",
        "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"suppression-unused\",severity=\"info\",} 1.0",
        "condlint_objects{group=\"example.com\",kind=\"Widget\",} 1.0");
    eventually(() -> cluster.samples(monitor, "condlint_findings", "condlint_objects"), judged);
    String uid = monitor.store().entries().findFirst().orElseThrow().uid();
    long firstWatch = monitor.store().get(uid).orElseThrow().watch();

    // A new schema (a new generation of the CRD): no event of the Widget tells, the CRD's does; the
    // Widget is listed again by a new watch, judged by the new CRD, and counted once.
    ObjectNode schema = (ObjectNode) crd.path("spec").path("versions").get(0).path("schema").path("openAPIV3Schema");
    ((ObjectNode) schema.path("properties").path("status").path("properties").path("conditions"))
        .put("maxItems", 16);
    cluster.update(crd);
    MonitorCluster.eventuallyTrue(() -> monitor.store().get(uid).map(Entry::watch).orElse(firstWatch) != firstWatch,
        "the Widget is judged by a new watch");
    assertEquals(judged, cluster.samples(monitor, "condlint_findings", "condlint_objects"));
    assertEquals(1, monitor.store().size());

    // The CRD's schema no longer has a status: its kind is no longer watched, and its objects are forgotten.
    ObjectNode current = (ObjectNode) cluster.client().getKubernetesSerialization().convertValue(
        cluster.client().genericKubernetesResources("apiextensions.k8s.io/v1", "CustomResourceDefinition")
            .withName("widgets.example.com").get(), ObjectNode.class);
    ObjectNode version = (ObjectNode) current.path("spec").path("versions").get(0);
    version.remove("subresources");
    ((ObjectNode) version.path("schema").path("openAPIV3Schema").path("properties")).remove("status");
    cluster.update(current);
    eventually(() -> cluster.samples(monitor, "condlint_findings", "condlint_objects"), List.of());
    assertEquals(0, monitor.store().size());
    assertTrue(cluster.log.contains("info stopped watching widgets.example.com (no longer served, or no longer has a"
        + " status); forgot 1 objects"), cluster.log.toString());
  }

  @Test
  void shardsSplitTheObjectsByUidAsKubeStateMetricsDoes() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    Set<String> uids = new TreeSet<>();
    for (int i = 0; i < 16; i++) {
      ObjectNode w = object(CLUSTER, "Widget", "b");
      w.with("metadata").put("name", "w-" + i).put("namespace", "team-" + (i % 3));
      uids.add(cluster.create(w).path("metadata").path("uid").asText());
    }
    Monitor.Options options = MonitorCluster.options("Widget");
    Monitor zero = cluster.start(withShard(options, new Sharding(0, 2)));
    Monitor one = cluster.start(withShard(options, new Sharding(1, 2)));
    MonitorCluster.awaitReady(zero);
    MonitorCluster.awaitReady(one);

    Set<String> ofZero = zero.store().entries().map(Entry::uid).collect(Collectors.toCollection(TreeSet::new));
    Set<String> ofOne = one.store().entries().map(Entry::uid).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(uids.stream().filter(new Sharding(0, 2)::owns).collect(Collectors.toCollection(TreeSet::new)), ofZero);
    assertEquals(uids.stream().filter(new Sharding(1, 2)::owns).collect(Collectors.toCollection(TreeSet::new)), ofOne);
    Set<String> both = new HashSet<>(ofZero);
    both.retainAll(ofOne);
    assertEquals(Set.of(), both);
    assertEquals(16, ofZero.size() + ofOne.size());
    assertFalse(ofZero.isEmpty() || ofOne.isEmpty(), "16 uids in one shard only");
    assertEquals(List.of("condlint_objects{group=\"example.com\",kind=\"Widget\",} " + ofZero.size() + ".0"),
        cluster.samples(zero, "condlint_objects"));
  }

  @Test
  void aNamespaceAndALabelSelectorNarrowWhatIsWatched() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    ObjectNode clusterWidgets = object(CLUSTER, "CustomResourceDefinition", "widgets.example.com");
    clusterWidgets.with("metadata").put("name", "clusterwidgets.example.com");
    clusterWidgets.with("spec").put("scope", "Cluster").with("names").put("kind", "ClusterWidget")
        .put("listKind", "ClusterWidgetList").put("plural", "clusterwidgets").put("singular", "clusterwidget");
    cluster.create(clusterWidgets);
    cluster.create(object(CLUSTER, "Widget", "a"));
    cluster.create(object(CLUSTER, "Widget", "b"));
    cluster.create(object(CLUSTER, "Widget", "c"));
    ObjectNode x = object(CLUSTER, "Widget", "a");
    x.put("kind", "ClusterWidget");
    x.with("metadata").put("name", "x").remove("namespace");
    cluster.create(x);

    Monitor.Options o = MonitorCluster.options("Widget", "ClusterWidget");
    Monitor inShop = cluster.start(withScope(o, new ResourceWatches.Scope(Optional.of("shop"), Optional.empty(),
        o.scope().kinds(), 500)));
    Monitor web = cluster.start(withScope(o, new ResourceWatches.Scope(Optional.empty(), Optional.of("app=web"),
        o.scope().kinds(), 500)));
    MonitorCluster.awaitReady(inShop);
    MonitorCluster.awaitReady(web);

    // -n shop: the Widgets of shop, and no cluster-scoped kind at all.
    assertEquals(Set.of("a", "b"), names(inShop));
    assertEquals(List.of("condlint_objects{group=\"example.com\",kind=\"Widget\",} 2.0"),
        cluster.samples(inShop, "condlint_objects"));
    // -l app=web: a and x, of every namespace and the cluster scope.
    assertEquals(Set.of("a", "x"), names(web));
    assertEquals(List.of(
        "condlint_objects{group=\"example.com\",kind=\"ClusterWidget\",} 1.0",
        "condlint_objects{group=\"example.com\",kind=\"Widget\",} 1.0"),
        cluster.samples(web, "condlint_objects"));

    // A web Widget created later in team-b: the selector's monitor hears of it, the namespace's does not.
    ObjectNode d = object(CLUSTER, "Widget", "a");
    d.with("metadata").put("name", "d").put("namespace", "team-b");
    cluster.create(d);
    eventually(() -> names(web), Set.of("a", "d", "x"));
    assertEquals(Set.of("a", "b"), names(inShop));
  }

  private static Set<String> names(Monitor monitor) {
    return monitor.store().entries().map(Entry::name).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Monitor.Options withScope(Monitor.Options o, ResourceWatches.Scope scope) {
    return new Monitor.Options(scope, o.sharding(), o.host(), o.port(), o.namespaceLabels(), o.maxSeries(),
        o.topWriters(), o.stuckAfter(), o.crdWait(), o.tick(), o.rechecksPerTick(), o.reports());
  }

  private static Monitor.Options withShard(Monitor.Options o, Sharding sharding) {
    return new Monitor.Options(o.scope(), sharding, o.host(), o.port(), o.namespaceLabels(), o.maxSeries(),
        o.topWriters(), o.stuckAfter(), o.crdWait(), o.tick(), o.rechecksPerTick(), o.reports());
  }

  @Test
  void aDeadlineThatPassesWithoutAnEventIsReported() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    ObjectNode d = object(CLUSTER, "Widget", "b");
    d.with("metadata").put("name", "d");
    ObjectNode ready = withReady(d, "Unknown", "Provisioning");
    ((ObjectNode) ready.path("status").path("conditions").get(0))
        .put("lastTransitionTime", cluster.clock.instant().minus(Duration.ofMinutes(5)).toString());
    cluster.create(ready);
    Monitor monitor = started("Widget");
    eventually(() -> cluster.samples(monitor, "condlint_findings", "condlint_stuck_objects"), List.of());

    // Unknown for 11 minutes: past the progress deadline (10m), not yet stuck (15m).
    cluster.clock.advance(Duration.ofMinutes(6));
    eventually(() -> cluster.samples(monitor, "condlint_findings", "condlint_stuck_objects"), List.of(
        "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"progress-deadline-exceeded\",severity=\"warning\",} 1.0"));
    // Unknown for 16 minutes: stuck.
    cluster.clock.advance(Duration.ofMinutes(5));
    eventually(() -> cluster.samples(monitor, "condlint_findings", "condlint_stuck_objects"), List.of(
        "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"progress-deadline-exceeded\",severity=\"warning\",} 1.0",
        "condlint_stuck_objects{group=\"example.com\",kind=\"Widget\",reason=\"SummaryUnknown\",} 1.0"));
  }

  @Test
  void aChangeNoControllerPicksUpIsReportedAndStuckOnceThePickupDeadlinePasses() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    ObjectNode b = cluster.create(object(CLUSTER, "Widget", "b"));
    Monitor monitor = started("Widget");
    eventually(() -> cluster.samples(monitor, "condlint_findings", "condlint_stuck_objects"), List.of());

    // Its spec changes (generation 2); no controller observes it (observedGeneration stays 1).
    ObjectNode changed = b.deepCopy();
    changed.with("spec").put("size", 2);
    changed.with("metadata").putArray("managedFields").addObject().put("manager", "kubectl-edit")
        .put("operation", "Update").put("apiVersion", "example.com/v1").put("time", cluster.clock.instant().toString())
        .put("fieldsType", "FieldsV1").putObject("fieldsV1").putObject("f:spec").putObject("f:size");
    ObjectNode after = cluster.update(changed);
    assertEquals(2, after.path("metadata").path("generation").asLong());
    String uid = after.path("metadata").path("uid").asText();
    String version = after.path("metadata").path("resourceVersion").asText();
    MonitorCluster.eventuallyTrue(() -> monitor.store().get(uid).map(e -> e.resourceVersion().equals(version))
        .orElse(false), "the change is judged");
    // Ready=True describes generation 1: stale at once; not yet late.
    String stale =
        "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"summary-true-but-stale\",severity=\"warning\",} 1.0";
    assertEquals(List.of(stale), cluster.samples(monitor, "condlint_findings", "condlint_stuck_objects"));

    // The pickup deadline (5m) passes with no event: the monitor looks again by itself.
    cluster.clock.advance(Duration.ofMinutes(10));
    eventually(() -> cluster.samples(monitor, "condlint_findings", "condlint_stuck_objects"), List.of(
        "condlint_findings{group=\"example.com\",kind=\"Widget\",rule=\"pickup-deadline-exceeded\",severity=\"warning\",} 1.0",
        stale,
        "condlint_stuck_objects{group=\"example.com\",kind=\"Widget\",reason=\"GenerationNotObserved\",} 1.0"));
  }

  @Test
  void aListThatFailsIsCountedAndTriedAgain() {
    cluster.create(object(CLUSTER, "CustomResourceDefinition", "widgets.example.com"));
    cluster.create(object(CLUSTER, "Widget", "b"));
    cluster.server.fail("widgets.example.com", 503, 2);
    Monitor monitor = started("Widget");
    assertEquals(List.of(
        "condlint_objects{group=\"example.com\",kind=\"Widget\",} 1.0",
        "condlint_relists_total{group=\"example.com\",kind=\"Widget\",} 0.0",
        "condlint_watch_errors_total{group=\"example.com\",kind=\"Widget\",} 2.0"),
        cluster.samples(monitor, "condlint_objects", "condlint_watch_errors_total", "condlint_relists_total"));
    assertEquals(1, cluster.log.stream().filter(l -> l.startsWith("warn widgets.example.com: HTTP 503")).count(),
        cluster.log.toString());
  }
}
