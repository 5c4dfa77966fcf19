package dev.condlint.monitor.state;

import dev.condlint.monitor.assess.Assessment;
import dev.condlint.monitor.assess.Flaw;
import dev.condlint.monitor.assess.Interner;
import dev.condlint.monitor.assess.StuckCause;
import dev.condlint.monitor.assess.StuckReason;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Every watched object's last assessment, by uid, and the tallies the metrics export, kept exact as
 * entries come, change and go: an entry replaced by the same object's next assessment (or listed
 * again after a relist) takes the place of the old one in every tally, so nothing counts twice. It
 * also keeps which objects may become stuck and when objects must be judged again without an event.
 */
public final class ObjectStore {
  /**
   * @param namespaceLabels whether the per-kind metrics carry a {@code namespace} label too
   * @param maxSeries the most series one metric exports
   */
  public record Options(boolean namespaceLabels, int maxSeries) {
    public Options {
      if (maxSeries < 1) {
        throw new IllegalArgumentException("maxSeries must be at least 1");
      }
    }
  }

  /** An object to judge again at {@code at}, if it is still at {@code resourceVersion} then. */
  public record Due(Instant at, String uid, String resourceVersion) {}

  private final Options options;
  private final Clock clock;
  private final Interner strings;
  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
  private final Set<String> mayBeStuck = ConcurrentHashMap.newKeySet();
  private final Set<String> dirtyNamespaces = ConcurrentHashMap.newKeySet();
  // Each object's next look, by uid and in time order: at most one per object, however often it changes.
  private final Map<String, Due> scheduled = new HashMap<>();
  private final TreeSet<Due> due = new TreeSet<>(Comparator.comparing(Due::at).thenComparing(Due::uid));
  private final SeriesTable objects;
  private final SeriesTable health;
  private final SeriesTable findings;
  private final SeriesTable stuck;
  private final SeriesTable writers;

  public ObjectStore(Options options, Clock clock, Interner strings) {
    this.options = options;
    this.clock = clock;
    this.strings = strings;
    this.objects = new SeriesTable("condlint_objects", labels("group", "kind"), options.maxSeries());
    this.health = new SeriesTable("condlint_object_health", labels("group", "kind", "status"), options.maxSeries());
    this.findings = new SeriesTable("condlint_findings", labels("rule", "severity", "group", "kind"),
        options.maxSeries());
    this.stuck = new SeriesTable("condlint_stuck_objects", labels("group", "kind", "reason"), options.maxSeries());
    // Bounded when exported (the top writers and the rest as other), not here.
    this.writers = new SeriesTable("condlint_findings_by_writer", List.of("writer", "severity"), Integer.MAX_VALUE);
  }

  private List<String> labels(String... names) {
    List<String> out = new ArrayList<>(List.of(names));
    if (options.namespaceLabels()) {
      out.add("namespace");
    }
    return out;
  }

  public Options options() {
    return options;
  }

  // ---- Changes ---------------------------------------------------------------------------------

  /** The object's new assessment, in place of any it had. */
  public void put(WatchedKind kind, long watch, String namespace, String name, String uid, String resourceVersion,
      Assessment assessment) {
    put(kind, watch, namespace, name, uid, resourceVersion, assessment, null);
  }

  /**
   * The object's assessment at a later time, in place of the one it has, if it is still at that
   * resource version: an object deleted or changed meanwhile is its informer's to tell of. Whether it
   * was put.
   */
  public boolean replace(WatchedKind kind, long watch, String namespace, String name, String uid,
      String resourceVersion, Assessment assessment) {
    return put(kind, watch, namespace, name, uid, resourceVersion, assessment, resourceVersion);
  }

  private boolean put(WatchedKind kind, long watch, String namespace, String name, String uid, String resourceVersion,
      Assessment assessment, String onlyAt) {
    Entry next = new Entry(kind, watch, strings.of(namespace), name, uid, resourceVersion, assessment);
    Instant now = clock.instant();
    boolean[] put = {false};
    entries.compute(uid, (k, old) -> {
      if (onlyAt != null && (old == null || !old.resourceVersion().equals(onlyAt))) {
        return old;
      }
      if (old != null) {
        count(old, -1);
      }
      count(next, +1);
      countStuck(next, now);
      if (old == null ? !next.findings().isEmpty() : !old.findingKeys().equals(next.findingKeys())) {
        dirtyNamespaces.add(next.namespace());
      }
      if (assessment.stuckCauses().isEmpty()) {
        mayBeStuck.remove(uid);
      } else {
        mayBeStuck.add(uid);
      }
      schedule(uid, assessment.recheckAt().map(at -> new Due(at, uid, resourceVersion)).orElse(null));
      put[0] = true;
      return next;
    });
    return put[0];
  }

  /** The object's next look in place of any it had; none for null. */
  private void schedule(String uid, Due next) {
    synchronized (due) {
      Due before = next == null ? scheduled.remove(uid) : scheduled.put(uid, next);
      if (before != null) {
        due.remove(before);
      }
      if (next != null) {
        due.add(next);
      }
    }
  }

  /** Forgets an object (deleted, or no longer in this shard or scope). */
  public void remove(String uid) {
    entries.computeIfPresent(uid, (k, old) -> {
      forget(old);
      mayBeStuck.remove(uid);
      schedule(uid, null);
      return null;
    });
  }

  /** Forgets every object of the kind that a watch other than {@code current} told of (after a restart). */
  public int sweep(WatchedKind kind, long current) {
    return removeWhere(e -> e.kind().equals(kind) && e.watch() != current);
  }

  /** Forgets every object of the kind (its watch has stopped). */
  public int removeKind(WatchedKind kind) {
    return removeWhere(e -> e.kind().equals(kind));
  }

  private int removeWhere(java.util.function.Predicate<Entry> which) {
    int removed = 0;
    for (Entry e : List.copyOf(entries.values())) {
      if (!which.test(e)) {
        continue;
      }
      boolean[] gone = {false};
      entries.computeIfPresent(e.uid(), (k, current) -> {
        if (current != e) {
          return current;
        }
        forget(current);
        mayBeStuck.remove(current.uid());
        schedule(current.uid(), null);
        gone[0] = true;
        return null;
      });
      if (gone[0]) {
        removed++;
      }
    }
    return removed;
  }

  private void forget(Entry old) {
    count(old, -1);
    if (!old.findings().isEmpty()) {
      dirtyNamespaces.add(old.namespace());
    }
  }

  /** Adds (sign +1) or takes away (-1) what an entry counts for, its stuck reason included. */
  private void count(Entry e, int sign) {
    String group = e.kind().groupLabel();
    String kind = e.kind().kind();
    objects.add(labels(e, group, kind), sign);
    health.add(labels(e, group, kind, e.health()), sign);
    for (Flaw f : e.findings()) {
      findings.add(labels(e, f.rule(), f.severity().label(), group, kind), sign);
      writers.add(List.of(f.writer(), f.severity().label()), sign);
    }
    if (sign < 0 && e.counted != null) {
      stuck.add(labels(e, group, kind, e.counted.label()), -1);
      e.counted = null;
    }
  }

  private List<String> labels(Entry e, String... values) {
    List<String> out = new ArrayList<>(values.length + 1);
    out.addAll(List.of(values));
    if (options.namespaceLabels()) {
      out.add(e.namespace());
    }
    return out;
  }

  /** Counts the entry under the stuck reason that holds at {@code now}, if it changed. */
  private void countStuck(Entry e, Instant now) {
    List<StuckCause> active = e.stuckAt(now);
    StuckReason reason = active.isEmpty() ? null : active.get(0).reason();
    if (reason == e.counted) {
      return;
    }
    String group = e.kind().groupLabel();
    if (e.counted != null) {
      stuck.add(labels(e, group, e.kind().kind(), e.counted.label()), -1);
    }
    if (reason != null) {
      stuck.add(labels(e, group, e.kind().kind(), reason.label()), +1);
    }
    e.counted = reason;
  }

  // ---- Time ------------------------------------------------------------------------------------

  /** Counts the objects that became stuck (or stopped being) by the passing of time alone. */
  public void tick() {
    Instant now = clock.instant();
    for (String uid : mayBeStuck) {
      entries.computeIfPresent(uid, (k, e) -> {
        countStuck(e, now);
        return e;
      });
    }
  }

  /**
   * Takes at most {@code max} objects whose findings may have changed by now without an event, each
   * still at the resource version it was judged at; the rest wait for the next call.
   */
  public List<Due> takeDue(int max) {
    Instant now = clock.instant();
    List<Due> out = new ArrayList<>();
    synchronized (due) {
      while (out.size() < max && !due.isEmpty() && !due.first().at().isAfter(now)) {
        Due d = due.pollFirst();
        scheduled.remove(d.uid(), d);
        out.add(d);
      }
    }
    return out;
  }

  /** Objects waiting for their next look. */
  public int dueWaiting() {
    synchronized (due) {
      return due.size();
    }
  }

  // ---- Reading ---------------------------------------------------------------------------------

  public Optional<Entry> get(String uid) {
    return Optional.ofNullable(entries.get(uid));
  }

  public int size() {
    return entries.size();
  }

  public Stream<Entry> entries() {
    return entries.values().stream();
  }

  /** The objects that are stuck at {@code now}. */
  public List<Entry> stuck(Instant now) {
    List<Entry> out = new ArrayList<>();
    for (String uid : mayBeStuck) {
      Entry e = entries.get(uid);
      if (e != null && !e.stuckAt(now).isEmpty()) {
        out.add(e);
      }
    }
    return out;
  }

  /** The namespaces ({@code ""}: cluster scope) whose findings changed since the last call. */
  public Set<String> takeDirtyNamespaces() {
    Set<String> out = new HashSet<>();
    for (String ns : List.copyOf(dirtyNamespaces)) {
      if (dirtyNamespaces.remove(ns)) {
        out.add(ns);
      }
    }
    return out;
  }

  public SeriesTable objectsTable() {
    return objects;
  }

  public SeriesTable healthTable() {
    return health;
  }

  public SeriesTable findingsTable() {
    return findings;
  }

  public SeriesTable stuckTable() {
    return stuck;
  }

  public SeriesTable writersTable() {
    return writers;
  }

  public Clock clock() {
    return clock;
  }
}
