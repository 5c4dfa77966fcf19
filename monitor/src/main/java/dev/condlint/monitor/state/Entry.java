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
  // The assessment's parts, kept without its wrapper: a few dozen bytes a watched object.
  private final List<Flaw> findings;
  private final String health;
  private final List<StuckCause> stuckCauses;
  private final List<ConditionView> related;
  private final String statusWriter;
  private final Instant recheckAt;
  private final long assessedAt;
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
    this.findings = assessment.findings();
    this.health = assessment.health();
    this.stuckCauses = assessment.stuckCauses();
    this.related = assessment.related();
    this.statusWriter = assessment.statusWriter();
    this.recheckAt = assessment.recheckAt().orElse(null);
    this.assessedAt = assessment.at().getEpochSecond();
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
    return findings;
  }

  public String health() {
    return health;
  }

  public List<StuckCause> stuckCauses() {
    return stuckCauses;
  }

  public List<ConditionView> related() {
    return related;
  }

  public String statusWriter() {
    return statusWriter;
  }

  public Optional<Instant> recheckAt() {
    return Optional.ofNullable(recheckAt);
  }

  /** When it was last judged, to the second. */
  public Instant assessedAt() {
    return Instant.ofEpochSecond(assessedAt);
  }

  /** The causes that hold at {@code now}, in {@link StuckReason} order; empty: not stuck. */
  public List<StuckCause> stuckAt(Instant now) {
    if (stuckCauses.isEmpty()) {
      return List.of();
    }
    return stuckCauses.stream().filter(c -> c.activeAt(now))
        .sorted(java.util.Comparator.comparing(StuckCause::reason)).toList();
  }

  Set<Flaw.Key> findingKeys() {
    return findings.stream().map(Flaw::key).collect(Collectors.toSet());
  }
}
