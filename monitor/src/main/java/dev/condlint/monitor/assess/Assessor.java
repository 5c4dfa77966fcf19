package dev.condlint.monitor.assess;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.cluster.Writers;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.Rfc3339;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.ObjectContract;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.kstatus.KstatusCompute;
import dev.condlint.rules.kstatus.KstatusException;
import dev.condlint.rules.schema.CrdCatalog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.StreamSupport;

/**
 * Judges one object as {@code audit} does (the same engine, the cluster's CRDs as contracts, the writer
 * of each finding's field from managedFields) and adds what a watch needs: kstatus's status, the ways
 * the object may be stuck, and when its findings would change with no event. For that last, the object
 * is judged again at later times (an instant a hundred years on first, then doubling steps and a
 * bisection to the second): the findings of a deadline rule change once its deadline passes, whatever
 * the rule, and nothing of the object needs to be kept to know when. Safe to share across threads.
 */
public final class Assessor {
  /** kstatus's status when kstatus refuses the object (a generation that is no integer). */
  public static final String HEALTH_UNKNOWN = "Unknown";

  static final Duration HORIZON = Duration.ofDays(36_500);

  private final Engine base;
  private final Duration stuckAfter;
  private final Optional<Duration> pickupDeadline;
  private final Interner strings;
  private volatile Engine engine;

  /**
   * @param engine the engine of the run's configuration, without cluster CRDs
   * @param stuckAfter how long a summary condition may be False or Unknown before the object is stuck
   * @param pickupDeadline how long a generation may go unobserved before the object is stuck (the
   *     pickup-deadline-exceeded rule's deadline); empty: never stuck for that
   */
  public Assessor(Engine engine, Duration stuckAfter, Optional<Duration> pickupDeadline, Interner strings) {
    this.base = engine;
    this.engine = engine;
    this.stuckAfter = stuckAfter;
    this.pickupDeadline = pickupDeadline;
    this.strings = strings;
  }

  /** Judges custom resources by these CRDs from now on. */
  public void useCrds(CrdCatalog crds) {
    engine = base.withCrds(crds);
  }

  public Engine engine() {
    return engine;
  }

  /** The assessment of the object (with apiVersion and kind) at {@code now}. */
  public Assessment assess(JsonNode object, Instant now) {
    Engine run = engine;
    Document document = Document.of(object);
    List<Finding> findings = run.check(document, Optional.of(now)).findings();
    String health = health(object, now);
    Writers writers = Writers.of(object);
    Map<String, String> writerOf = new HashMap<>();
    List<Flaw> flaws = new ArrayList<>(findings.size());
    for (Finding f : findings) {
      String writer = writerOf.computeIfAbsent(f.pointer(), p -> strings.of(writers.writerOf(p)));
      flaws.add(new Flaw(f.ruleId(), f.severity(), strings.of(f.pointer()), f.message(), writer,
          f.basis().map(b -> strings.of(b.toString())).orElse("")));
    }
    State atNow = new State(keys(findings), health);
    Optional<Instant> recheck = nextChange(run, document, object, now, atNow);
    List<StuckCause> causes = new ArrayList<>();
    List<ConditionView> related = new ArrayList<>();
    if (!object.path("metadata").hasNonNull("deletionTimestamp")) {
      generationCause(object).ifPresent(causes::add);
      summaryCauses(run, object, causes, related);
    }
    if (causes.isEmpty()) {
      // Kept only to explain a stuck object.
      related.clear();
    }
    String statusWriter = causes.isEmpty() ? "" : strings.of(writers.writerOf("/status"));
    return new Assessment(flaws, health, causes, related, statusWriter, recheck, now);
  }

  // ---- Health ----------------------------------------------------------------------------------

  private static String health(JsonNode object, Instant at) {
    try {
      return KstatusCompute.compute(object, at).status().label();
    } catch (KstatusException e) {
      return HEALTH_UNKNOWN;
    }
  }

  // ---- When the findings change without an event ---------------------------------------------

  /** What must stay the same for an object to need no new look: its findings (not their wording) and its health. */
  private record State(Set<Flaw.Key> findings, String health) {}

  private static Set<Flaw.Key> keys(List<Finding> findings) {
    Set<Flaw.Key> keys = new HashSet<>();
    for (Finding f : findings) {
      keys.add(new Flaw.Key(f.ruleId(), f.severity(), f.pointer()));
    }
    return keys;
  }

  private static State state(Engine run, Document document, JsonNode object, Instant at) {
    return new State(keys(run.check(document, Optional.of(at)).findings()), health(object, at));
  }

  /**
   * The first second after {@code now} at which the object's state differs, to the second; empty when
   * it is the same a hundred years on (nothing in it waits for a deadline).
   */
  private static Optional<Instant> nextChange(Engine run, Document document, JsonNode object, Instant now, State atNow) {
    long horizon = HORIZON.toSeconds();
    if (state(run, document, object, now.plusSeconds(horizon)).equals(atNow)) {
      return Optional.empty();
    }
    long same = 0;
    long step = 1;
    while (step < horizon && state(run, document, object, now.plusSeconds(step)).equals(atNow)) {
      same = step;
      step *= 2;
    }
    long differs = Math.min(step, horizon);
    while (differs - same > 1) {
      long mid = same + (differs - same) / 2;
      if (state(run, document, object, now.plusSeconds(mid)).equals(atNow)) {
        same = mid;
      } else {
        differs = mid;
      }
    }
    return Optional.of(now.plusSeconds(differs));
  }

  // ---- Stuck -----------------------------------------------------------------------------------

  /**
   * The generation is ahead of status.observedGeneration: since the last write of anything but the
   * status (the newest managedFields entry that is no status write, else the creation), which is the
   * latest the spec can have changed; a later time than the change itself, so never stuck too soon.
   */
  private Optional<StuckCause> generationCause(JsonNode object) {
    if (pickupDeadline.isEmpty()) {
      return Optional.empty();
    }
    JsonNode metadata = object.path("metadata");
    JsonNode generation = metadata.path("generation");
    JsonNode observed = object.path("status").path("observedGeneration");
    if (!generation.isIntegralNumber() || !observed.isIntegralNumber() || observed.asLong() >= generation.asLong()) {
      return Optional.empty();
    }
    // The latest the spec can have changed: the newest write that is no status write. Without one, the
    // creation only for generation 1; a later generation changed at a time nothing here tells (the
    // creation would be too soon), so the object is not called stuck, as the rule reports nothing.
    Optional<Instant> lastSpecWrite = StreamSupport.stream(metadata.path("managedFields").spliterator(), false)
        .filter(m -> !"status".equals(m.path("subresource").asText()))
        .map(m -> Rfc3339.parse(m.path("time")))
        .flatMap(Optional::stream)
        .max(Instant::compareTo)
        .or(() -> generation.asLong() <= 1 ? Rfc3339.parse(metadata.path("creationTimestamp")) : Optional.empty());
    return lastSpecWrite.map(since -> new StuckCause(StuckReason.GENERATION_NOT_OBSERVED, since, pickupDeadline.get(),
        Optional.empty(), OptionalLong.of(generation.asLong()), OptionalLong.of(observed.asLong()),
        "the pickup deadline of pickup-deadline-exceeded"));
  }

  /**
   * A summary condition of a top-level list that is False or Unknown, by the list's contract (what
   * names the summary); the other conditions of the list that are abnormal by a polarity the contract
   * knows are related. A condition without a lastTransitionTime cannot tell since when: not stuck.
   */
  private void summaryCauses(Engine run, JsonNode object, List<StuckCause> causes, List<ConditionView> related) {
    List<ConditionList> lists = ConditionLists.find(object);
    if (lists.isEmpty()) {
      return;
    }
    ObjectContract contract = run.contracts().of(object);
    for (ConditionList list : lists) {
      if (!list.isTopLevel()) {
        continue;
      }
      Optional<ListContract> listContract = contract.list(list.pointer());
      Optional<Known<Summary>> summary = listContract.flatMap(ListContract::summary);
      if (summary.isEmpty()) {
        continue;
      }
      List<StuckCause> found = new ArrayList<>();
      for (Condition c : list.conditions()) {
        boolean isSummary = c.type().filter(summary.get().value()::contains).isPresent();
        if (isSummary && (c.isFalse() || c.isUnknown())) {
          c.lastTransitionTime().ifPresent(since -> found.add(new StuckCause(
              c.isFalse() ? StuckReason.SUMMARY_FALSE : StuckReason.SUMMARY_UNKNOWN, since, stuckAfter,
              Optional.of(ConditionView.of(c)), OptionalLong.empty(), OptionalLong.empty(),
              strings.of(summary.get().basis().toString()))));
        } else if (!isSummary && abnormal(listContract.get(), c)) {
          related.add(ConditionView.of(c));
        }
      }
      causes.addAll(found);
    }
  }

  private static boolean abnormal(ListContract contract, Condition c) {
    Optional<Polarity> polarity = c.type().flatMap(contract::knownPolarity).map(Known::value);
    return polarity.isPresent() && (polarity.get() == Polarity.NORMAL_TRUE ? !c.isTrue() : c.isTrue());
  }
}
