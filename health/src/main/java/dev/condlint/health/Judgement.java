package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.kstatus.Flavour;
import dev.condlint.rules.kstatus.KstatusCompute;
import dev.condlint.rules.kstatus.KstatusException;
import dev.condlint.rules.kstatus.KstatusResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The health judgement: the steps consumers take, in their order, each reading only what the kind's
 * contract declares or the object shows; the first step that decides wins.
 *
 * <ol>
 *   <li>deletion: {@code metadata.deletionTimestamp} set is Progressing (Argo CD's "Pending deletion");
 *   <li>generation: {@code status.observedGeneration} other than {@code metadata.generation} is
 *       Progressing (kstatus, Flux's pre-check), and so is a summary condition whose own
 *       observedGeneration differs, where the kind records it per condition, and a field under status
 *       where the kind's API records the generation observed ({@code observedGenerations}) less than it;
 *   <li>suspension: {@code spec.suspend} or {@code spec.paused} true, a field the kind's API says stops
 *       the object ({@code suspendedWhen}), or a {@code ...Suspended} or {@code ...Paused} condition
 *       True, is Suspended; then a field whose value, by the kind's API, makes the object one its
 *       controller does not reconcile ({@code staticWhen}), without conditions, is Healthy;
 *   <li>a kind whose API sums its health up in the entries of a list in status (a route's parents)
 *       is judged entry by entry ({@link EntryJudgement});
 *   <li>a built-in kind kstatus has a rule for is judged by that rule;
 *   <li>the summary, read with its polarity: failing, it is Degraded unless its reason names work
 *       under way, its severity is Info or a condition naming work under way is True (Progressing);
 *       Unknown or not yet written, Progressing; in its healthy state, the object is Healthy unless a
 *       condition abnormal when True is True (Degraded) or names work under way (Progressing);
 *   <li>without a summary, an abnormal condition True is still Degraded, work under way Progressing,
 *       a field outside the conditions that the kind's API gives a meaning (a phase, a state:
 *       stateFields, {@link StateFieldJudgement}, the first with a verdict), then the counts it reports
 *       readiness by ({@link CountJudgement}), decide as the API says, none of those written yet is
 *       Progressing, and
 *       anything else Unknown: condlint never calls an object Healthy without knowing what sums its
 *       health up.
 * </ol>
 *
 * The exporters write the same steps as Lua and CEL; their tests run both on every object condlint
 * has of a kind and require the same answer.
 */
public final class Judgement {
  private Judgement() {}

  /** One condition of {@code status.conditions}, as the judgement reads it: absent fields are "". */
  record Cond(String type, String status, String reason, String message, String severity, JsonNode node) {
    static Cond of(JsonNode c) {
      // A status that is no string (status: True unquoted, a YAML 1.1 boolean the API server refuses) is
      // no condition status: read as not yet decided, never as True.
      return new Cond(text(c, "type"), text(c, "status"), text(c, "reason"), text(c, "message"), text(c, "severity"), c);
    }

    /**
     * What the condition's status says: {@code Ready is False}; where it has no status string (none, or
     * {@code status: True} unquoted, a YAML 1.1 boolean), that, not an empty value.
     */
    String said() {
      return status.isEmpty() ? type + " has no status (True, False or Unknown)" : type + " is " + status;
    }

    /** The message if there is one, else what the condition says: {@code Ready is False (Failed)}. */
    String describe() {
      if (!message.isEmpty()) {
        return message;
      }
      return said() + (reason.isEmpty() ? "" : " (" + reason + ")");
    }
  }

  /** The health of one object of a kind, with kstatus's results as of {@code now}. */
  public static Assessment assess(JsonNode object, KindContract contract, Instant now) {
    return assess(object, contract, Optional.of(now));
  }

  /**
   * The health of one object of a kind, with kstatus's results as of {@code now}; without a reference
   * time (an object in a file) nothing depends on the clock: kstatus's time-based rule (a Pod pending
   * unschedulable) is not applied, as {@code condlint status} and {@code KstatusCompute.compute(object)}.
   */
  public static Assessment assess(JsonNode object, KindContract contract, Optional<Instant> now) {
    Decision d = decide(object, contract, now);
    return new Assessment(d.status, d.message,
        new Assessment.Kstatus(kstatus(object, now, Flavour.UPSTREAM), kstatus(object, now, Flavour.FLUX)),
        d.basis, d.reason);
  }

  private static Assessment.Outcome kstatus(JsonNode object, Optional<Instant> now, Flavour flavour) {
    try {
      return Assessment.Outcome.of(KstatusCompute.compute(object, now, flavour));
    } catch (KstatusException e) {
      return Assessment.Outcome.error(e.getMessage());
    }
  }

  record Decision(HealthStatus status, String message, Optional<Basis> basis, Reason reason) {}

  private static Decision decide(JsonNode object, KindContract contract, Optional<Instant> now) {
    JsonNode deletion = object.path("metadata").path("deletionTimestamp");
    if (deletion.isTextual() && !deletion.asText().isEmpty()) {
      return new Decision(HealthStatus.PROGRESSING, "Pending deletion",
          Optional.of(Basis.convention("metadata.deletionTimestamp")),
          Reason.of(Rule.DELETION, "metadata.deletionTimestamp is set: the object is being deleted"));
    }
    List<Cond> conditions = conditions(object);
    List<String> present = conditions.stream().map(Cond::type).toList();
    Optional<Known<Summary>> summary = reported(contract.summary(present), present, contract);

    OptionalLong generation = integer(object.path("metadata").path("generation"));
    OptionalLong observed = observedGeneration(object.path("status").path("observedGeneration"));
    if (generation.isPresent() && observed.isPresent() && generation.getAsLong() != observed.getAsLong()) {
      String message = "Generation " + generation.getAsLong() + " not yet observed: status.observedGeneration is "
          + observed.getAsLong();
      return new Decision(HealthStatus.PROGRESSING, message,
          Optional.of(Basis.convention("status.observedGeneration")), Reason.of(Rule.GENERATION, message));
    }
    if (generation.isPresent() && summary.isPresent() && perCondition(contract)) {
      for (String type : summary.get().value().types()) {
        Optional<Cond> c = first(conditions, type);
        OptionalLong own = c.map(x -> integer(x.node().path("observedGeneration"))).orElse(OptionalLong.empty());
        if (own.isPresent() && own.getAsLong() != generation.getAsLong()) {
          String message = "Generation " + generation.getAsLong() + " not yet observed: " + type
              + "'s observedGeneration is " + own.getAsLong();
          return new Decision(HealthStatus.PROGRESSING, message,
              Optional.of(contract.declared().generation().filter(Known::isDeclared)
                  .map(k -> Basis.of(k.basis()))
                  .orElse(Basis.convention("the observedGeneration of the summary condition"))),
              Reason.of(Rule.GENERATION, type, message));
        }
      }
    }

    for (HealthFacts.ObservedAnnotation o : contract.facts().observedAnnotations()) {
      JsonNode wanted = object.path("metadata").path("annotations").path(o.annotation());
      JsonNode seen = object.path("status");
      for (String segment : o.observedSegments()) {
        seen = seen.path(segment);
      }
      if (wanted.isTextual() && seen.isTextual() && !wanted.asText().isEmpty() && !seen.asText().isEmpty()
          && !wanted.asText().equals(seen.asText())) {
        String message = "metadata.annotations[" + o.annotation() + "] " + wanted.asText() + " not yet observed: "
            + o.observed() + " is " + seen.asText();
        return new Decision(HealthStatus.PROGRESSING, message,
            Optional.of(new Basis("catalogue", "the kind's API on " + o.observed(), contract.facts().citation())),
            Reason.of(Rule.GENERATION, message));
      }
    }

    for (HealthFacts.ObservedGeneration o : contract.facts().observedGenerations()) {
      JsonNode field = at(object.path("status"), o.segments());
      OptionalLong seen = field.isMissingNode() || field.isNull() ? o.unsetIs() : integer(field);
      if (generation.isPresent() && seen.isPresent() && seen.getAsLong() < generation.getAsLong()) {
        String message = "Generation " + generation.getAsLong() + " not yet observed: " + o.path() + " is "
            + seen.getAsLong() + (field.isMissingNode() || field.isNull() ? " (not set)" : "");
        return new Decision(HealthStatus.PROGRESSING, message,
            Optional.of(new Basis("catalogue", "the kind's API on " + o.path(), contract.facts().citation())),
            Reason.of(Rule.GENERATION, message));
      }
    }

    Optional<Map.Entry<String, String>> label = metadataHolds(object, "labels", contract.facts().degradedByLabel());
    if (label.isPresent()) {
      String message = "metadata.labels[" + label.get().getKey() + "] is " + label.get().getValue();
      return new Decision(HealthStatus.DEGRADED, message,
          Optional.of(new Basis("catalogue", "the API on the label " + label.get().getKey(), contract.facts().citation())),
          Reason.of(Rule.LABEL, message + ": the API of the controller that manages the object says it failed"));
    }

    JsonNode spec = object.path("spec");
    for (HealthFacts.FieldValues w : contract.facts().suspendedWhen()) {
      Optional<String> value = valueIn(object, w);
      if (value.isPresent()) {
        String message = w.path() + " is " + value.get();
        return new Decision(HealthStatus.SUSPENDED, message,
            Optional.of(new Basis("catalogue", "the kind's API on " + w.path(), contract.facts().citation())),
            Reason.of(Rule.SUSPENSION, message + ": the kind's API says the object is stopped deliberately"));
      }
    }
    for (String field : List.of("suspend", "paused")) {
      if (spec.path(field).isBoolean() && spec.path(field).asBoolean()) {
        return new Decision(HealthStatus.SUSPENDED, "spec." + field + " is true",
            Optional.of(Basis.convention("spec." + field)), Reason.of(Rule.SUSPENSION, "spec." + field + " is true"));
      }
    }
    Optional<Map.Entry<String, String>> annotation =
        metadataHolds(object, "annotations", contract.facts().suspendedByAnnotation());
    if (annotation.isPresent()) {
      String message = "metadata.annotations[" + annotation.get().getKey() + "] is " + annotation.get().getValue();
      return new Decision(HealthStatus.SUSPENDED, message,
          Optional.of(new Basis("catalogue", "the kind's API on the annotation " + annotation.get().getKey(),
              contract.facts().citation())),
          Reason.of(Rule.SUSPENSION, message + ": the kind's API says its controller is stopped deliberately"));
    }
    for (Cond c : conditions) {
      if (c.status.equals("True") && endsWithAny(c.type, STOPPED_TYPES)) {
        return new Decision(HealthStatus.SUSPENDED, c.describe(), Optional.of(Basis.convention("a " + c.type
            + " condition")), Reason.of(Rule.SUSPENSION, c.type, c.type + " is True: a deliberate stop"));
      }
      if (c.status.equals("True") && contract.facts().suspendedWhileTrue().contains(c.type)) {
        return new Decision(HealthStatus.SUSPENDED, c.describe(), Optional.of(new Basis("catalogue",
            "the kind's API on the " + c.type + " condition", contract.facts().citation())),
            Reason.of(Rule.SUSPENSION, c.type, c.type + " is True: the kind's API says its controller leaves the object be"));
      }
      if (c.status.equals("True")
          && contract.facts().suspendedWhileTrueWithReason().getOrDefault(c.type, List.of()).contains(c.reason)) {
        return new Decision(HealthStatus.SUSPENDED, c.describe(), Optional.of(new Basis("catalogue",
            "the kind's API on the " + c.type + " condition", contract.facts().citation())),
            Reason.of(Rule.SUSPENSION, c.type, c.type + " is True with reason " + c.reason
                + ": the kind's API says nothing goes on until a person acts"));
      }
    }
    if (summary.isPresent()) {
      for (String type : summary.get().value().types()) {
        Optional<Cond> c = first(conditions, type);
        if (c.isPresent() && !c.get().status.equals("True") && endsWithAny(c.get().reason, PAUSED_REASONS)) {
          Cond p = c.get();
          return new Decision(HealthStatus.SUSPENDED, p.describe(), Optional.of(Basis.of(summary.get().basis())),
              Reason.of(Rule.SUSPENSION, p.type, p.type + " is " + p.status + " with reason " + p.reason
                  + ": reconciliation is paused"));
        }
      }
    }

    for (HealthFacts.FieldValues w : contract.facts().staticWhen()) {
      Optional<String> value = valueIn(object, w);
      if (value.isPresent() && conditions.isEmpty()) {
        String message = w.path() + " is " + value.get() + ": a static object, which its controller does not reconcile";
        return new Decision(HealthStatus.HEALTHY, message,
            Optional.of(new Basis("catalogue", "the kind's API on " + w.path(), contract.facts().citation())),
            Reason.of(Rule.STATIC, message + ", and it reports no condition"));
      }
    }

    if (contract.entryHealth().isPresent()) {
      return EntryJudgement.judge(object, contract, contract.entryHealth().get());
    }
    if (contract.builtInRule()) {
      Basis basis = Basis.kstatus("kstatus's rule for " + contract.kindName());
      try {
        KstatusResult k = KstatusCompute.compute(object, now, Flavour.UPSTREAM);
        HealthStatus status = switch (k.status()) {
          case CURRENT -> HealthStatus.HEALTHY;
          case IN_PROGRESS, TERMINATING -> HealthStatus.PROGRESSING;
          case FAILED -> HealthStatus.DEGRADED;
        };
        if (status == HealthStatus.HEALTHY) {
          Optional<Decision> beyond = beyondKstatus(object, conditions, contract);
          if (beyond.isPresent()) {
            return beyond.get();
          }
        }
        return new Decision(status, k.message(), Optional.of(basis),
            Reason.of(Rule.BUILT_IN, "kstatus computes " + k.status().label() + " for " + contract.kindName()));
      } catch (KstatusException e) {
        return new Decision(HealthStatus.UNKNOWN, e.getMessage(), Optional.of(basis),
            Reason.of(Rule.BUILT_IN, "kstatus cannot compute the status: " + e.getMessage()));
      }
    }

    if (summary.isPresent()) {
      return bySummary(object, conditions, summary.get(), contract);
    }
    Optional<Decision> abnormal = abnormalOrUnderWay(conditions, contract, Optional.empty());
    if (abnormal.isPresent()) {
      return abnormal.get();
    }
    // A kind whose API sums its health up in a field outside the conditions (a phase, a state), or in
    // counts (ready against desired replicas), and reports no summary condition: those decide.
    Optional<Decision> state = StateFieldJudgement.decide(object, contract, null)
        .or(() -> CountJudgement.decide(object, contract, null))
        .or(() -> StateFieldJudgement.notYetWritten(object, contract));
    if (state.isPresent()) {
      return state.get();
    }
    String message = "condlint does not know which condition sums up the health of " + contract.kindName()
        + ": declare its summary in the contracts of .condlint.yaml";
    return new Decision(HealthStatus.UNKNOWN, message, Optional.empty(), Reason.of(Rule.NOT_KNOWN,
        conditions.isEmpty() ? "no condition and no declared summary" : "no summary condition is known"));
  }

  /**
   * What kstatus's rule for a built-in kind does not read: a condition the kind's API declares abnormal
   * when True that is True (a CRD's NonStructuralSchema), and the kind's own status fields where its API
   * says what they mean ({@link BuiltInStatus}).
   */
  private static Optional<Decision> beyondKstatus(JsonNode object, List<Cond> conditions, KindContract contract) {
    for (Cond c : conditions) {
      Optional<Known<Polarity>> p = contract.polarity(c.type);
      if (c.status.equals("True") && p.isPresent() && p.get().isDeclared() && p.get().value() == Polarity.ABNORMAL_TRUE
          && !contract.coexistsWithSummary(c.type) && !underWay(c, contract)) {
        // A type named by an activity (ModifyingVolume, StorageMigrating) reports one under way: abnormal
        // while it lasts, but no failure.
        if (activity(c.type)) {
          return Optional.of(new Decision(HealthStatus.PROGRESSING, c.describe(), Optional.of(Basis.of(p.get().basis())),
              Reason.of(Rule.WORK_UNDER_WAY, c.type, c.type + " is True: an activity under way")));
        }
        return Optional.of(new Decision(HealthStatus.DEGRADED, c.describe(), Optional.of(Basis.of(p.get().basis())),
            Reason.of(Rule.ABNORMAL_TRUE, c.type, c.type + " is True, and True reports a problem")));
      }
    }
    return BuiltInStatus.judge(object, contract.kind()).map(f -> new Decision(f.status(), f.message(),
        Optional.of(new Basis("kind-api", f.basis(), f.citation())), Reason.of(Rule.BUILT_IN, f.detail())));
  }

  /** Whether a CamelCase type's first or last word is a gerund: ModifyingVolume, StorageMigrating. */
  static boolean activity(String type) {
    List<String> words = new ArrayList<>();
    int start = 0;
    for (int i = 1; i <= type.length(); i++) {
      if (i == type.length() || Character.isUpperCase(type.charAt(i))) {
        words.add(type.substring(start, i));
        start = i;
      }
    }
    return words.stream().limit(1).anyMatch(Judgement::gerund) || gerund(words.get(words.size() - 1));
  }

  private static boolean gerund(String word) {
    return word.length() > 4 && word.endsWith("ing");
  }

  /** Condition types whose True is a deliberate stop (KServe's Stopped, a Job's Suspended, KEDA's Paused). */
  static final List<String> STOPPED_TYPES = List.of("Suspended", "Paused", "Stopped");

  /** Reasons of a summary not True that say reconciliation is paused (Crossplane's ReconcilePaused). */
  static final List<String> PAUSED_REASONS = List.of("Paused", "Suspended");

  /** The name is one of the words, or ends with one (every word starts with a capital: a CamelCase word). */
  static boolean endsWithAny(String name, List<String> words) {
    return words.stream().anyMatch(name::endsWith);
  }

  private static boolean perCondition(KindContract contract) {
    return contract.declaredGeneration().map(GenerationTracking::perCondition).orElse(true);
  }

  /** How a summary condition stands, by its status and the polarity of its type. */
  private enum Standing { GOOD, BAD, PENDING, ABSENT }

  private static Decision bySummary(JsonNode object, List<Cond> conditions, Known<Summary> summary,
      KindContract contract) {
    Basis basis = Basis.of(summary.basis());
    List<Cond> bad = new ArrayList<>();
    Cond good = null;
    Cond pending = null;
    String absent = null;
    for (String type : summary.value().types()) {
      Optional<Cond> c = first(conditions, type);
      Standing standing = c.map(x -> standing(x, contract)).orElse(Standing.ABSENT);
      switch (standing) {
        case BAD -> bad.add(c.get());
        case GOOD -> good = good == null ? c.get() : good;
        case PENDING -> pending = pending == null ? c.get() : pending;
        case ABSENT -> absent = absent == null ? type : absent;
      }
    }
    if (!bad.isEmpty()) {
      return failure(object, bad, conditions, basis, contract);
    }
    boolean healthy = summary.value().all() ? pending == null && absent == null : good != null;
    if (!healthy) {
      // Not yet decided or not yet reported: a condition that reports a problem or work under way says more.
      Optional<Decision> underWay = abnormalOrUnderWay(conditions, contract, Optional.ofNullable(pending));
      if (underWay.isPresent()) {
        return underWay.get();
      }
      if (pending != null) {
        return new Decision(HealthStatus.PROGRESSING, pending.describe(), Optional.of(basis),
            Reason.of(Rule.SUMMARY, pending.type, pending.said() + ": not yet decided"));
      }
      String awaited = absent;
      Optional<Decision> state = StateFieldJudgement.decide(object, contract, awaited)
          .or(() -> CountJudgement.decide(object, contract, awaited));
      if (state.isPresent()) {
        return state.get();
      }
      return new Decision(HealthStatus.PROGRESSING, "Waiting for " + absent, Optional.of(basis),
          Reason.of(Rule.SUMMARY, absent, absent + " has not been reported yet"));
    }
    Optional<Decision> abnormal = abnormalOrUnderWay(conditions, contract, Optional.of(good));
    if (abnormal.isPresent()) {
      return abnormal.get();
    }
    Optional<Decision> contradicted = contradicted(conditions, summary.value().types(), contract);
    if (contradicted.isPresent()) {
      return contradicted.get();
    }
    Optional<Decision> entry = entryNotHealthy(object, contract);
    if (entry.isPresent()) {
      return entry.get();
    }
    Optional<Decision> phase = phase(object, contract);
    if (phase.isPresent()) {
      return phase.get();
    }
    Optional<Decision> converging = converging(object, contract);
    if (converging.isPresent()) {
      return converging.get();
    }
    return new Decision(HealthStatus.HEALTHY, good.describe(), Optional.of(basis),
        Reason.of(Rule.SUMMARY, good.type, good.type + " is " + good.status));
  }

  private static Standing standing(Cond c, KindContract contract) {
    boolean abnormal = contract.abnormalTrue(c.type);
    return switch (c.status) {
      // True with a reason by which the kind's controller reports that the work ended in failure
      // (mariadb-operator's Complete True with JobFailed).
      case "True" -> abnormal || contract.facts().failedWhenTrue().contains(c.reason) ? Standing.BAD : Standing.GOOD;
      case "False" -> abnormal ? Standing.ABSENT : Standing.BAD;
      // prometheus-operator's own status value (monitoring/v1 ConditionDegraded).
      case "Degraded" -> Standing.BAD;
      // Unknown with a reason by which the kind's controller reports a failure it found (KEDA's PartialTriggerError).
      case "Unknown" -> contract.facts().failedWhenUnknown().contains(c.reason) ? Standing.BAD : Standing.PENDING;
      default -> Standing.PENDING;
    };
  }

  /**
   * Summary conditions in their failing state: a failure the controller reports (Degraded), unless a
   * condition whose True the kind's API says is the controller at work is True, a state field names work
   * under way, or every one says by its reason or severity that the failure is transient (Progressing).
   */
  private static Decision failure(JsonNode object, List<Cond> failing, List<Cond> conditions, Basis basis,
      KindContract contract) {
    Optional<StateFieldJudgement.Verdict> atWork = StateFieldJudgement.explainsFailure(object, contract);
    if (atWork.isPresent()) {
      // A deliberate stop explains the failing summary and is the message; work under way keeps the summary's.
      boolean stop = atWork.get().status() == HealthStatus.SUSPENDED;
      Cond f = failing.get(0);
      StateFieldJudgement.Value v = atWork.get().value();
      return new Decision(atWork.get().status(), stop ? v.describe() : f.describe(),
          Optional.of(StateFieldJudgement.basis(atWork.get().field().path(), contract)),
          Reason.of(stop ? Rule.SUSPENSION : Rule.TRANSIENT_REASON, f.type, f.type + " is " + f.status + " while "
              + v.where() + " is " + v.text() + ", which the kind's API says is "
              + (stop ? "a deliberate stop" : "work under way")));
    }
    for (Cond w : conditions) {
      if (w.status.equals("True") && contract.facts().underWayWhileTrue().contains(w.type)) {
        Cond f = failing.get(0);
        return new Decision(HealthStatus.PROGRESSING, f.describe(),
            Optional.of(new Basis("catalogue", "the kind's API on " + w.type, contract.facts().citation())),
            Reason.of(Rule.TRANSIENT_REASON, f.type, f.type + " is " + f.status + " while " + w.type
                + " is True, which the kind's API says is work under way"));
      }
    }
    List<String> reporters = contract.facts().failureReportedBy();
    if (!reporters.isEmpty() && conditions.stream().noneMatch(c -> c.status.equals("True") && reporters.contains(c.type))) {
      Cond f = failing.get(0);
      return new Decision(HealthStatus.PROGRESSING, f.describe(),
          Optional.of(new Basis("catalogue", "the kind's API on " + String.join(", ", reporters), contract.facts().citation())),
          Reason.of(Rule.TRANSIENT_REASON, f.type, f.type + " is " + f.status + " while none of " + String.join(", ", reporters)
              + " is True, by which the kind's API reports a failure: the controller is still at work"));
    }
    Cond unexplained = null;
    for (Cond f : failing) {
      if (unexplained(f)) {
        unexplained = unexplained == null ? f : unexplained;
      } else if (!transientFailure(f, contract)) {
        boolean failedWhenTrue = f.status.equals("True") && contract.facts().failedWhenTrue().contains(f.reason);
        return new Decision(HealthStatus.DEGRADED, f.describe(), Optional.of(basis),
            Reason.of(Rule.TERMINAL_REASON, f.type, f.type + " is " + f.status
                + (f.reason.isEmpty() ? "" : " with reason " + f.reason) + (failedWhenTrue
                    ? ", with which the kind's API reports work that ended in failure" : ", which names no work under way")));
      }
    }
    if (unexplained != null) {
      // No reason, message or severity says what failed or whether it lasts: read the rest of the object as
      // for a summary not yet decided, where only a failure it reports makes the object Degraded.
      Optional<Decision> abnormal = abnormalOrUnderWay(conditions, contract, Optional.of(unexplained));
      if (abnormal.isPresent()) {
        return abnormal.get();
      }
      Optional<Decision> state = StateFieldJudgement.decide(object, contract, null)
          .or(() -> CountJudgement.decide(object, contract, null));
      if (state.isPresent() && state.get().status == HealthStatus.DEGRADED) {
        return state.get();
      }
      return new Decision(HealthStatus.PROGRESSING, unexplained.describe(), Optional.of(basis),
          Reason.of(Rule.TRANSIENT_REASON, unexplained.type, unexplained.type + " is False with no reason, message or"
              + " severity: not known to be a failure that lasts"));
    }
    Cond f = failing.get(0);
    String why = f.severity.equals("Info") ? " with severity Info: not an error"
        : " with reason " + f.reason + ", which names work under way";
    return new Decision(HealthStatus.PROGRESSING, f.describe(), Optional.of(basis),
        Reason.of(Rule.TRANSIENT_REASON, f.type, f.type + " is " + f.status + why));
  }

  /**
   * A summary False that says nothing of why: no reason (which metav1.Condition requires for this), no
   * message, and no severity (which Cluster API's v1beta1 conditions require with False). Nothing in it
   * names a failure that lasts, so it alone is no evidence of one.
   */
  static boolean unexplained(Cond c) {
    return c.status.equals("False") && c.reason.isEmpty() && c.message.isEmpty() && c.severity.isEmpty();
  }

  private static boolean transientFailure(Cond c, KindContract contract) {
    return c.severity.equals("Info") || !c.reason.isEmpty() && contract.namesWorkUnderWay(c.reason);
  }

  /**
   * A condition abnormal when True that is True: Degraded where it reports a problem, Progressing where
   * its type names work under way; a type that may stand beside a True summary (a notice, a
   * deliberate state) decides nothing.
   */
  private static Optional<Decision> abnormalOrUnderWay(List<Cond> conditions, KindContract contract, Optional<Cond> summary) {
    for (Cond c : conditions) {
      if (c.status.equals("True") && contract.abnormalTrue(c.type) && !underWay(c, contract)
          && !contract.coexistsWithSummary(c.type)) {
        return Optional.of(new Decision(HealthStatus.DEGRADED, c.describe(), polarityBasis(c, contract),
            Reason.of(Rule.ABNORMAL_TRUE, c.type, c.type + " is True, and True reports a problem")));
      }
    }
    for (Cond c : conditions) {
      if (c.status.equals("True") && underWay(c, contract)) {
        return Optional.of(new Decision(HealthStatus.PROGRESSING, c.describe(), polarityBasis(c, contract),
            Reason.of(Rule.WORK_UNDER_WAY, c.type, c.type + " is True: work under way")));
      }
      Optional<List<String>> complete = contract.completeWhen(c.type);
      if (c.status.equals("True") && complete.isPresent() && !complete.get().contains(c.reason)) {
        return Optional.of(new Decision(HealthStatus.PROGRESSING, c.describe(),
            Optional.of(new Basis("catalogue", "the kind's API on " + c.type, contract.facts().citation())),
            Reason.of(Rule.WORK_UNDER_WAY, c.type, c.type + " is True with reason " + (c.reason.isEmpty() ? "(none)" : c.reason)
                + ": the work is finished only with reason " + String.join(" or ", complete.get()))));
      }
    }
    return Optional.empty();
  }

  /**
   * A condition other than the summary whose True is the healthy state and that is not True, though the
   * summary is: the summary is contradicted, and the object is not yet what its summary says
   * (Progressing). Not Degraded: the controller that wrote the summary judged the object as a whole, so
   * condlint says less than a failure.
   */
  private static Optional<Decision> contradicted(List<Cond> conditions, List<String> summaryTypes, KindContract contract) {
    for (Cond c : conditions) {
      if (!summaryTypes.contains(c.type) && contract.normalTrue(c.type) && !c.status.equals("True")
          && !anotherInUse(c.type, conditions, contract) && !contract.facts().noticeTypes().contains(c.type)) {
        return Optional.of(new Decision(HealthStatus.PROGRESSING, c.describe(), polarityBasis(c, contract),
            Reason.of(Rule.CONTRADICTED, c.type, c.type + " is " + c.status + " though the summary is in its healthy"
                + " state, and True is " + c.type + "'s healthy state")));
      }
    }
    return Optional.empty();
  }

  /** The field's value where it is one of the values given, read as a state field's value is. */
  private static Optional<String> valueIn(JsonNode object, HealthFacts.FieldValues w) {
    return Optional.ofNullable(StateFieldJudgement.text(at(object, w.segments()))).filter(w.values()::contains);
  }

  /** The node at a path of field names below {@code from}; a missing node where any is absent. */
  private static JsonNode at(JsonNode from, List<String> segments) {
    JsonNode field = from;
    for (String segment : segments) {
      field = field.path(segment);
    }
    return field;
  }

  /** Whether the type is one of a group of alternatives (health-facts.json) of which another is True. */
  private static boolean anotherInUse(String type, List<Cond> conditions, KindContract contract) {
    for (List<String> group : contract.facts().alternatives()) {
      if (group.contains(type) && conditions.stream()
          .anyMatch(o -> !o.type.equals(type) && group.contains(o.type) && o.status.equals("True"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * An entry of a list in status (a Gateway's listener) whose own conditions, read with their list's
   * declared summary, are not in their healthy state: the object's summary is contradicted
   * (Progressing). An entry without conditions says nothing.
   */
  private static Optional<Decision> entryNotHealthy(JsonNode object, KindContract contract) {
    for (KindContract.Nested n : contract.nested()) {
      JsonNode entries = object.path("status").path(n.field());
      for (int i = 0; i < entries.size() && entries.isArray(); i++) {
        List<Cond> conditions = conditionsOf(entries.get(i).path("conditions"));
        if (conditions.isEmpty()) {
          continue;
        }
        Optional<String> why = notHealthy(conditions, n);
        if (why.isPresent()) {
          String where = "status." + n.field() + "[" + i + "]";
          return Optional.of(new Decision(HealthStatus.PROGRESSING, where + ": " + why.get(),
              n.contract().summary().map(k -> Basis.of(k.basis())),
              Reason.of(Rule.CONTRADICTED, where + " is not in its healthy state though the summary is: " + why.get())));
        }
      }
    }
    return Optional.empty();
  }

  /** What keeps an entry's conditions from their healthy state, by their list's summary; empty when healthy. */
  private static Optional<String> notHealthy(List<Cond> conditions, KindContract.Nested n) {
    Cond bad = null;
    Cond pending = null;
    String absent = null;
    boolean good = false;
    for (String type : n.summary().types()) {
      Optional<Cond> c = first(conditions, type);
      boolean abnormal = n.abnormalTrue(type);
      String status = c.map(Cond::status).orElse("");
      if (c.isEmpty() || abnormal && status.equals("False")) {
        absent = absent == null ? type : absent;
      } else if (status.equals("True") && !abnormal) {
        good = true;
      } else if (status.equals("True") || status.equals("False") || status.equals("Degraded")) {
        bad = bad == null ? c.get() : bad;
      } else {
        pending = pending == null ? c.get() : pending;
      }
    }
    if (bad != null) {
      return Optional.of(bad.describe());
    }
    boolean healthy = n.summary().all() ? pending == null && absent == null : good;
    if (healthy) {
      return Optional.empty();
    }
    return Optional.of(pending != null ? pending.describe() : "Waiting for " + absent);
  }

  /**
   * {@code status.phase}, or the phase of an entry of a list in status (an environment, a member), that
   * names a failure (Degraded) or work under way (Progressing) where the summary is in its healthy
   * state. A phase is a word of the same vocabulary as condition types, in any case; a list that
   * records past transitions or a history is left out.
   */
  private static Optional<Decision> phase(JsonNode object, KindContract contract) {
    Optional<Decision> byField = StateFieldJudgement.besideHealthySummary(object, contract)
        .or(() -> CountJudgement.besideHealthySummary(object, contract));
    if (byField.isPresent()) {
      return byField;
    }
    JsonNode status = object.path("status");
    List<String[]> phases = new ArrayList<>();
    if (status.path("phase").isTextual()) {
      phases.add(new String[] {"status.phase", status.path("phase").asText()});
    }
    // By field name, not document order: an exported script's tables have no order to follow. Entries
    // of lists two deep too (an environment's commit statuses: status.environments[].active.commitStatuses[]).
    for (String field : sortedFields(status)) {
      JsonNode list = status.path(field);
      if (!list.isArray() || record(field)) {
        continue;
      }
      for (int i = 0; i < list.size(); i++) {
        JsonNode entry = list.get(i);
        String at = "status." + field + "[" + i + "]";
        entryPhase(entry, at, phases);
        for (String inner : sortedFields(entry)) {
          JsonNode value = entry.path(inner);
          if (record(inner)) {
            continue;
          }
          if (value.isArray()) {
            for (int j = 0; j < value.size(); j++) {
              entryPhase(value.get(j), at + "." + inner + "[" + j + "]", phases);
            }
          } else if (value.isObject()) {
            for (String deeper : sortedFields(value)) {
              JsonNode list2 = value.path(deeper);
              if (list2.isArray() && !record(deeper)) {
                for (int j = 0; j < list2.size(); j++) {
                  entryPhase(list2.get(j), at + "." + inner + "." + deeper + "[" + j + "]", phases);
                }
              }
            }
          }
        }
      }
    }
    for (String[] p : phases) {
      if (contract.vocabularyAbnormal(capitalised(p[1]))) {
        return Optional.of(new Decision(HealthStatus.DEGRADED, p[0] + " is " + p[1], Optional.of(Basis.convention(p[0])),
            Reason.of(Rule.PHASE, p[0] + " is " + p[1] + ", which names a failure")));
      }
    }
    for (String[] p : phases) {
      if (contract.namesWorkUnderWay(capitalised(p[1]))) {
        return Optional.of(new Decision(HealthStatus.PROGRESSING, p[0] + " is " + p[1], Optional.of(Basis.convention(p[0])),
            Reason.of(Rule.PHASE, p[0] + " is " + p[1] + ", which names work under way")));
      }
    }
    return Optional.empty();
  }

  /**
   * The summary as reported: where none of the declared summary's types is present and the kind's API
   * names the type that summed it up before (an older release of the kind), that type.
   */
  private static Optional<Known<Summary>> reported(Optional<Known<Summary>> summary, List<String> present,
      KindContract contract) {
    List<String> before = contract.facts().summaryWhenAbsent();
    if (summary.isEmpty() || before.isEmpty() || !present.contains(before.get(0))
        || summary.get().value().types().stream().anyMatch(present::contains)) {
      return summary;
    }
    return Optional.of(new Known<>(new Summary(before, false, java.util.Map.of()),
        new dev.condlint.model.ContractBasis(dev.condlint.model.ContractBasis.Source.CATALOGUE,
            "the kind's API on " + before.get(0) + " where " + String.join(", ", summary.get().value().types())
                + " is not reported", contract.facts().citation())));
  }

  /**
   * {@code status.observedGeneration}: a number, or a string of decimal digits where the kind's API
   * keeps it as a string (an Argo Rollout's). A string of other characters (an older release's hash of
   * the spec) cannot be compared with the generation.
   */
  private static OptionalLong observedGeneration(JsonNode node) {
    if (node.isTextual() && node.asText().matches("[0-9]{1,15}")) {
      return OptionalLong.of(Long.parseLong(node.asText()));
    }
    return integer(node);
  }

  /** A proposed state, where the kind's API names one, that is not yet the active one: work under way. */
  private static Optional<Decision> converging(JsonNode object, KindContract contract) {
    for (HealthFacts.Converge c : contract.facts().converge()) {
      JsonNode at = object.path("status");
      for (String segment : c.pathSegments()) {
        at = at.path(segment);
      }
      List<JsonNode> maps = new ArrayList<>();
      List<String> where = new ArrayList<>();
      if (at.isArray()) {
        for (int i = 0; i < at.size(); i++) {
          maps.add(at.get(i));
          where.add(c.path() + "[" + i + "]");
        }
      } else {
        maps.add(at);
        where.add(c.path());
      }
      for (int i = 0; i < maps.size(); i++) {
        String proposed = textAt(maps.get(i), c.proposedSegments());
        String active = textAt(maps.get(i), c.activeSegments());
        if (!proposed.isEmpty() && !active.isEmpty() && !proposed.equals(active)) {
          String message = where.get(i) + ": " + c.proposed() + " " + proposed + " is not yet " + c.active() + " (" + active + ")";
          return Optional.of(new Decision(HealthStatus.PROGRESSING, message,
              Optional.of(new Basis("catalogue", "the kind's API on " + c.path(), contract.facts().citation())),
              Reason.of(Rule.PHASE, message + ": the proposed state is not yet the active one")));
        }
      }
    }
    return Optional.empty();
  }

  private static String textAt(JsonNode node, List<String> segments) {
    for (String s : segments) {
      node = node.path(s);
    }
    return node.isTextual() ? node.asText() : "";
  }

  private static void entryPhase(JsonNode entry, String at, List<String[]> phases) {
    if (entry.isObject() && entry.path("phase").isTextual()) {
      phases.add(new String[] {at + ".phase", entry.path("phase").asText()});
    }
  }

  private static List<String> sortedFields(JsonNode node) {
    List<String> fields = new ArrayList<>();
    if (node.isObject()) {
      node.fieldNames().forEachRemaining(fields::add);
      fields.sort(null);
    }
    return fields;
  }

  /** A list that records the past (phaseTransitionTimestamps, a history), whose phases are not the present's. */
  static boolean record(String field) {
    String name = field.toLowerCase(Locale.ROOT);
    return name.contains("transition") || name.contains("history");
  }

  private static String capitalised(String word) {
    return word.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  /** A True of a type that names work under way, unless something says the type is healthy when True. */
  private static boolean underWay(Cond c, KindContract contract) {
    return !contract.normalTrue(c.type) && contract.namesWorkUnderWay(c.type);
  }

  private static Optional<Basis> polarityBasis(Cond c, KindContract contract) {
    return contract.polarity(c.type).map(k -> Basis.of(k.basis()));
  }

  static List<Cond> conditions(JsonNode object) {
    return conditionsOf(object.path("status").path("conditions"));
  }

  static List<Cond> conditionsOf(JsonNode list) {
    List<Cond> out = new ArrayList<>();
    if (list.isArray()) {
      for (JsonNode c : list) {
        if (c.isObject() && c.path("type").isTextual()) {
          out.add(Cond.of(c));
        }
      }
    }
    return out;
  }

  private static Optional<Cond> first(List<Cond> conditions, String type) {
    return conditions.stream().filter(c -> c.type.equals(type)).findFirst();
  }

  static OptionalLong integer(JsonNode node) {
    if (node.isIntegralNumber() && node.canConvertToLong()) {
      return OptionalLong.of(node.asLong());
    }
    if (node.isFloatingPointNumber() && node.asDouble() == Math.rint(node.asDouble())) {
      return OptionalLong.of((long) node.asDouble());
    }
    return OptionalLong.empty();
  }

  private static String text(JsonNode c, String field) {
    JsonNode v = c.path(field);
    return v.isTextual() ? v.asText() : "";
  }

  /** The first of {@code wanted} (name to value) that the object's {@code metadata.<field>} holds with that value. */
  private static Optional<Map.Entry<String, String>> metadataHolds(JsonNode object, String field, Map<String, String> wanted) {
    JsonNode held = object.path("metadata").path(field);
    for (Map.Entry<String, String> w : wanted.entrySet()) {
      if (held.path(w.getKey()).isTextual() && held.path(w.getKey()).asText().equals(w.getValue())) {
        return Optional.of(w);
      }
    }
    return Optional.empty();
  }
}
