package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The health of a kind that is the combination of the condition lists of the entries of a list in
 * status ({@link EntryHealth}): every entry is judged by its own conditions, and the object is Degraded
 * where one entry is, else Progressing where one entry is, else Healthy; with no entry it is what the
 * kind's API says of none (Progressing unless it says otherwise).
 *
 * <p>An entry, in this order: a summary condition whose observedGeneration is not the object's
 * generation is Progressing (not yet observed); a summary condition in its failing state is Degraded,
 * unless every failing one names work under way by its reason or has severity Info (Progressing); a
 * condition abnormal when True that is True is Degraded; a required summary type absent, or a summary
 * condition neither True nor False, is Progressing; a condition that names work under way (True of a
 * type, or the reason of one not True) or whose True is the healthy state and is not True is
 * Progressing; anything else is healthy. The exporters write the same steps as Lua and CEL.
 */
final class EntryJudgement {
  private EntryJudgement() {}

  private record Verdict(HealthStatus status, String message, Optional<String> type, Rule rule, String detail) {}

  static Judgement.Decision judge(JsonNode object, KindContract contract, EntryHealth.Kind kind) {
    Basis basis = new Basis("catalogue", "the kind's API on " + kind.entries() + "[].conditions", kind.citation());
    JsonNode list = object.path("status");
    for (String segment : kind.entriesSegments()) {
      list = list.path(segment);
    }
    if (!list.isArray() || list.isEmpty()) {
      if (kind.whenNone() == HealthStatus.HEALTHY) {
        return new Judgement.Decision(HealthStatus.HEALTHY, kind.entries() + " has no entry", Optional.of(basis),
            Reason.of(Rule.ENTRIES, kind.entries() + " has no entry, which the kind's API says is healthy"));
      }
      return new Judgement.Decision(HealthStatus.PROGRESSING, "Waiting for " + kind.entries(), Optional.of(basis),
          Reason.of(Rule.ENTRIES, kind.entries() + " has no entry yet"));
    }
    OptionalLong generation = Judgement.integer(object.path("metadata").path("generation"));
    Verdict progressing = null;
    for (int i = 0; i < list.size(); i++) {
      Optional<Verdict> v = entry(list.get(i), where(list.get(i), i, kind), generation, contract, kind);
      if (v.isPresent() && v.get().status() == HealthStatus.DEGRADED) {
        return decision(v.get(), basis);
      }
      if (v.isPresent() && progressing == null) {
        progressing = v.get();
      }
    }
    if (progressing != null) {
      return decision(progressing, basis);
    }
    JsonNode firstEntry = list.get(0);
    List<Judgement.Cond> conditions = conditions(firstEntry);
    String message = where(firstEntry, 0, kind) + ": " + kind.summary().keySet().stream()
        .flatMap(t -> first(conditions, t).stream()).findFirst().map(Judgement.Cond::describe)
        .orElse("no condition reports a problem");
    return new Judgement.Decision(HealthStatus.HEALTHY, message, Optional.of(basis), Reason.of(Rule.ENTRIES,
        "every entry of " + kind.entries() + " (" + list.size() + ") is in its healthy state"));
  }

  private static Judgement.Decision decision(Verdict v, Basis basis) {
    Reason reason = v.type().map(t -> Reason.of(v.rule(), t, v.detail())).orElse(Reason.of(v.rule(), v.detail()));
    return new Judgement.Decision(v.status(), v.message(), Optional.of(basis), reason);
  }

  /** {@code status.parents[1] (example-gateway)}: the entry's place, and its label where it has one. */
  private static String where(JsonNode entry, int i, EntryHealth.Kind kind) {
    JsonNode label = entry;
    for (String segment : kind.labelSegments()) {
      label = label.path(segment);
    }
    String name = kind.labelSegments().isEmpty() || !label.isTextual() ? "" : label.asText();
    return kind.entries() + "[" + i + "]" + (name.isEmpty() ? "" : " (" + name + ")");
  }

  /** What keeps an entry from its healthy state, if anything. */
  private static Optional<Verdict> entry(JsonNode entry, String where, OptionalLong generation, KindContract contract,
      EntryHealth.Kind kind) {
    List<Judgement.Cond> conditions = conditions(entry);
    if (generation.isPresent()) {
      for (String type : kind.summary().keySet()) {
        Optional<Judgement.Cond> c = first(conditions, type);
        OptionalLong own = c.map(x -> Judgement.integer(x.node().path("observedGeneration"))).orElse(OptionalLong.empty());
        if (own.isPresent() && own.getAsLong() != generation.getAsLong()) {
          String message = "Generation " + generation.getAsLong() + " not yet observed: " + type
              + "'s observedGeneration is " + own.getAsLong();
          return verdict(HealthStatus.PROGRESSING, where, message, type, Rule.GENERATION, message);
        }
      }
    }
    List<Judgement.Cond> failing = new ArrayList<>();
    for (var e : kind.summary().entrySet()) {
      Optional<Judgement.Cond> c = first(conditions, e.getKey());
      String bad = e.getValue() == Polarity.ABNORMAL_TRUE ? "True" : "False";
      if (c.isPresent() && (c.get().status().equals(bad) || c.get().status().equals("Degraded"))) {
        failing.add(c.get());
      }
    }
    for (Judgement.Cond f : failing) {
      if (!transientFailure(f, contract)) {
        return verdict(HealthStatus.DEGRADED, where, f.describe(), f.type(), Rule.TERMINAL_REASON, f.type() + " is "
            + f.status() + (f.reason().isEmpty() ? "" : " with reason " + f.reason()) + ", which names no work under way");
      }
    }
    if (!failing.isEmpty()) {
      Judgement.Cond f = failing.get(0);
      String why = f.severity().equals("Info") ? " with severity Info: not an error"
          : " with reason " + f.reason() + ", which names work under way";
      return verdict(HealthStatus.PROGRESSING, where, f.describe(), f.type(), Rule.TRANSIENT_REASON,
          f.type() + " is " + f.status() + why);
    }
    for (Judgement.Cond c : conditions) {
      if (!kind.summary().containsKey(c.type()) && c.status().equals("True") && polarity(c.type(), contract, kind)
          == Polarity.ABNORMAL_TRUE && !underWay(c, contract, kind) && !contract.coexistsWithSummary(c.type())) {
        return verdict(HealthStatus.DEGRADED, where, c.describe(), c.type(), Rule.ABNORMAL_TRUE,
            c.type() + " is True, and True reports a problem");
      }
    }
    for (String type : kind.summary().keySet()) {
      Optional<Judgement.Cond> c = first(conditions, type);
      if (c.isEmpty() && kind.required().contains(type)) {
        return verdict(HealthStatus.PROGRESSING, where, "Waiting for " + type, type, Rule.SUMMARY,
            type + " has not been reported yet");
      }
      if (c.isPresent() && !List.of("True", "False", "Degraded").contains(c.get().status())) {
        return verdict(HealthStatus.PROGRESSING, where, c.get().describe(), type, Rule.SUMMARY,
            type + " is " + c.get().status() + ": not yet decided");
      }
    }
    for (Judgement.Cond c : conditions) {
      if (kind.summary().containsKey(c.type())) {
        continue;
      }
      Polarity p = polarity(c.type(), contract, kind);
      if (c.status().equals("True") && underWay(c, contract, kind)) {
        return verdict(HealthStatus.PROGRESSING, where, c.describe(), c.type(), Rule.WORK_UNDER_WAY,
            c.type() + " is True: work under way");
      }
      if (!c.status().equals("True") && p != Polarity.ABNORMAL_TRUE && !c.reason().isEmpty()
          && contract.namesWorkUnderWay(c.reason())) {
        return verdict(HealthStatus.PROGRESSING, where, c.describe(), c.type(), Rule.WORK_UNDER_WAY,
            c.type() + " is " + c.status() + " with reason " + c.reason() + ", which names work under way");
      }
      if (!c.status().equals("True") && p == Polarity.NORMAL_TRUE) {
        return verdict(HealthStatus.PROGRESSING, where, c.describe(), c.type(), Rule.CONTRADICTED,
            c.type() + " is " + c.status() + ", and True is " + c.type() + "'s healthy state");
      }
    }
    return Optional.empty();
  }

  private static Optional<Verdict> verdict(HealthStatus status, String where, String message, String type, Rule rule,
      String detail) {
    return Optional.of(new Verdict(status, where + ": " + message, Optional.of(type), rule, where + ": " + detail));
  }

  /** The polarity the kind's API declares for a type of its entries, else the vocabulary's. */
  private static Polarity polarity(String type, KindContract contract, EntryHealth.Kind kind) {
    return kind.declaredPolarity(type)
        .orElseGet(() -> contract.vocabulary().polarity(type).map(Known::value).orElse(Polarity.UNKNOWN));
  }

  private static boolean underWay(Judgement.Cond c, KindContract contract, EntryHealth.Kind kind) {
    return polarity(c.type(), contract, kind) != Polarity.NORMAL_TRUE && contract.namesWorkUnderWay(c.type());
  }

  private static boolean transientFailure(Judgement.Cond c, KindContract contract) {
    return c.severity().equals("Info") || !c.reason().isEmpty() && contract.namesWorkUnderWay(c.reason());
  }

  private static List<Judgement.Cond> conditions(JsonNode entry) {
    return entry.isObject() ? Judgement.conditionsOf(entry.path("conditions")) : List.of();
  }

  private static Optional<Judgement.Cond> first(List<Judgement.Cond> conditions, String type) {
    return conditions.stream().filter(c -> c.type().equals(type)).findFirst();
  }
}
