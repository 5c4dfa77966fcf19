package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.HealthFacts.Count;
import dev.condlint.health.HealthFacts.Counts;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The one reading of the counts a kind's API reports its readiness by ({@link Counts}): the first
 * comparison that can be read and whose count falls short of its target gives its verdict (Progressing
 * or Degraded), and where every comparison can be read and holds, Healthy. A comparison is not read
 * where one of its values is set but not an integer (a partition written as a percentage), or not set
 * and without a declared default (a count the controller always writes has not been reported): then,
 * where no comparison read falls short, Unknown (condlint says less), never Healthy. Nor is an object
 * Healthy whose every target is 0 (a DaemonSet scheduled to no node): a count of nothing proves nothing,
 * and condlint says Unknown. The judgement asks for
 * the verdict where it asks for a state field's ({@link StateFieldJudgement}), after the state fields;
 * the exported Lua ({@code count_verdict}) and CEL ({@code FluxCelExport.countVerdict}) read it the same way.
 */
final class CountJudgement {
  private CountJudgement() {}

  /** The counts' verdict and the comparison that gives it, as {@code status.availableReplicas 1 < spec.replicas 3}. */
  record Verdict(HealthStatus status, String comparison) {}

  /** Empty where the kind declares no counts or none of its status counts is set. */
  static Optional<Verdict> verdict(JsonNode object, Counts counts) {
    if (counts.checks().isEmpty() || !written(object, counts)) {
      return Optional.empty();
    }
    Verdict last = null;
    String unread = null;
    boolean counted = false;
    for (Count c : counts.checks()) {
      OptionalLong n = operand(object, c.count(), counts);
      OptionalLong target = operand(object, c.atLeast(), counts);
      OptionalLong minus = c.minus().isEmpty() ? OptionalLong.of(0) : operand(object, c.minus(), counts);
      if (n.isEmpty() || target.isEmpty() || minus.isEmpty()) {
        if (unread == null) {
          String path = c.paths().stream().filter(p -> operand(object, p, counts).isEmpty()).findFirst().orElseThrow();
          unread = path + (absent(at(object, path)) ? " is not set" : " is not an integer");
        }
        continue;
      }
      String of = c.atLeast() + " " + target.getAsLong() + (c.minus().isEmpty() ? "" : " - " + c.minus() + " " + minus.getAsLong());
      if (n.getAsLong() < target.getAsLong() - minus.getAsLong()) {
        return Optional.of(new Verdict(c.otherwise(), c.count() + " " + n.getAsLong() + " < " + of));
      }
      last = new Verdict(HealthStatus.HEALTHY, c.count() + " " + n.getAsLong() + " >= " + of);
      counted |= target.getAsLong() - minus.getAsLong() > 0;
    }
    if (unread != null) {
      return Optional.of(new Verdict(HealthStatus.UNKNOWN, unread));
    }
    return Optional.of(counted ? last : new Verdict(HealthStatus.UNKNOWN, last.comparison() + ": nothing is desired"));
  }

  /** Whether any count under status the comparisons read is set. */
  static boolean written(JsonNode object, Counts counts) {
    return counts.statusPaths().stream().anyMatch(p -> !absent(at(object, p)));
  }

  /** Where no summary condition is known, or the declared one has not been reported: the counts' verdict. */
  static Optional<Judgement.Decision> decide(JsonNode object, KindContract contract, String absent) {
    return verdict(object, contract.facts().counts()).map(v -> decision(v, contract, (absent == null
        ? "no condition sums the kind's health up" : absent + " has not been reported")));
  }

  /** Beside a summary in its healthy state: counts short of their target decide. */
  static Optional<Judgement.Decision> besideHealthySummary(JsonNode object, KindContract contract) {
    return verdict(object, contract.facts().counts())
        .filter(v -> v.status() == HealthStatus.PROGRESSING || v.status() == HealthStatus.DEGRADED)
        .map(v -> decision(v, contract, "the summary is in its healthy state"));
  }

  private static Judgement.Decision decision(Verdict v, KindContract contract, String beside) {
    String why = v.status() == HealthStatus.HEALTHY ? "every count the kind's API reports has reached its target"
        : v.status() == HealthStatus.UNKNOWN ? "a count the kind's API reports cannot be compared"
        : "a count the kind's API reports falls short of its target";
    return new Judgement.Decision(v.status(), v.comparison(),
        Optional.of(new Basis("catalogue", "the kind's API on its counts", contract.facts().citation())),
        Reason.of(Rule.COUNTS, v.comparison() + ": " + why + ", and " + beside));
  }

  /** A path's integer: its declared default where it is not set; empty where it has neither, or is set to something else. */
  private static OptionalLong operand(JsonNode object, String path, Counts counts) {
    JsonNode v = at(object, path);
    if (absent(v)) {
      Long d = counts.defaults().get(path);
      return d == null ? OptionalLong.empty() : OptionalLong.of(d);
    }
    return Judgement.integer(v);
  }

  private static boolean absent(JsonNode v) {
    return v.isMissingNode() || v.isNull();
  }

  private static JsonNode at(JsonNode object, String path) {
    JsonNode v = object;
    for (String s : Count.segments(path)) {
      v = v.path(s);
    }
    return v;
  }
}
