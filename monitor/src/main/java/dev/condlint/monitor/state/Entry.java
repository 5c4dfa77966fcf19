package dev.condlint.monitor.state;

import dev.condlint.monitor.assess.Assessment;
import dev.condlint.monitor.assess.ConditionView;
import dev.condlint.monitor.assess.Flaw;
import dev.condlint.monitor.assess.StuckCause;
import dev.condlint.monitor.assess.StuckReason;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One watched object as the store keeps it: who it is, and its last assessment. Replaced, never
 * changed, on each event; only the stuck reason it is counted under moves, under the store's lock for
 * its uid.
 */
public final class Entry {
  private final WatchedKind kind;
  private final long watch;
  private final String namespace;
  private final String name;
  private final String uid;
  private final String resourceVersion;
  private final Assessment assessment;
  // The reason condlint_stuck_objects counts this entry under; null while it is not stuck.
  StuckReason counted;

  Entry(WatchedKind kind, long watch, String namespace, String name, String uid, String resourceVersion,
      Assessment assessment) {
    this.kind = kind;
    this.watch = watch;
    this.namespace = namespace;
    this.name = name;
    this.uid = uid;
    this.resourceVersion = resourceVersion;
    this.assessment = assessment;
  }

  public WatchedKind kind() {
    return kind;
  }

  /** Which watch of its kind last told of it: a restarted watch sweeps the entries of the one before. */
  public long watch() {
    return watch;
  }

  /** Empty for a cluster-scoped object. */
  public String namespace() {
    return namespace;
  }

  public String name() {
    return name;
  }

  public String uid() {
    return uid;
  }

  public String resourceVersion() {
    return resourceVersion;
  }

  public List<Flaw> findings() {
    return assessment.findings();
  }

  public String health() {
    return assessment.health();
  }

  public List<StuckCause> stuckCauses() {
    return assessment.stuckCauses();
  }

  public List<ConditionView> related() {
    return assessment.related();
  }

  public String statusWriter() {
    return assessment.statusWriter();
  }

  public Optional<Instant> recheckAt() {
    return assessment.recheckAt();
  }

  /** When it was last judged. */
  public Instant assessedAt() {
    return assessment.at();
  }

  /** The causes that hold at {@code now}, in {@link StuckReason} order; empty: not stuck. */
  public List<StuckCause> stuckAt(Instant now) {
    return assessment.stuckCauses().stream().filter(c -> c.activeAt(now))
        .sorted(java.util.Comparator.comparing(StuckCause::reason)).toList();
  }

  Set<Flaw.Key> findingKeys() {
    return assessment.findings().stream().map(Flaw::key).collect(Collectors.toSet());
  }
}
