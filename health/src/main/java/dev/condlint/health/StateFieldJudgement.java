package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.HealthFacts.StateField;
import dev.condlint.health.HealthFacts.Unlisted;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The one reading of a kind's fields outside the conditions ({@link StateField}): each field's verdict
 * from its values, and the three places the judgement asks for one. Where the kind reports no summary
 * condition, or its declared summary has not been reported, the first field with a verdict decides
 * ({@link #decide}); beside a summary in its healthy state, the first field whose verdict is Degraded or
 * Progressing ({@link #besideHealthySummary}); beside a failing summary, a field whose verdict is
 * Progressing makes the failure work under way, one whose verdict is Suspended a deliberate stop
 * ({@link #explainsFailure}). The exported Lua
 * ({@code field_verdict}) and CEL ({@code FluxCelExport.fieldVerdict}) read the fields the same way.
 */
final class StateFieldJudgement {
  private StateFieldJudgement() {}

  /** One value of a state field: where it is, its text, and the message beside it ("" if none). */
  record Value(String where, String text, String message) {
    String describe() {
      return message.isEmpty() ? where + " is " + text : message;
    }
  }

  /** A field's verdict: the health its values give and the value that gives it. */
  record Verdict(HealthStatus status, Value value, StateField field) {}

  /**
   * The field's verdict: a value the API calls a failure (or, with degradedWhenSet, any value but "")
   * is Degraded, else one that names work under way Progressing, else, where the field's unlisted
   * values are Unknown, a value in none of its lists Unknown, else a deliberate stop Suspended, else a
   * healthy value Healthy; empty where the field has no value, only neutral values (values the API
   * defines that say nothing of health) or, with unlisted NEXT, none it lists.
   */
  static Optional<Verdict> verdict(JsonNode object, StateField f) {
    List<Value> values = values(object, f);
    if (f.ratio()) {
      Optional<Verdict> r = first(values, x -> ratio(x.text) == HealthStatus.PROGRESSING, HealthStatus.PROGRESSING, f);
      r = r.or(() -> first(values, x -> ratio(x.text) == HealthStatus.UNKNOWN, HealthStatus.UNKNOWN, f));
      return r.or(() -> first(values, x -> ratio(x.text) == HealthStatus.HEALTHY, HealthStatus.HEALTHY, f));
    }
    Optional<Verdict> v = first(values, x -> f.degraded().contains(x.text) || f.degradedWhenSet() && !x.text.isEmpty(),
        HealthStatus.DEGRADED, f);
    v = v.or(() -> first(values, x -> f.progressing().contains(x.text), HealthStatus.PROGRESSING, f));
    if (f.unlisted() == Unlisted.UNKNOWN) {
      v = v.or(() -> first(values, x -> !f.healthy().contains(x.text) && !f.suspended().contains(x.text)
          && !f.neutral().contains(x.text), HealthStatus.UNKNOWN, f));
    }
    v = v.or(() -> first(values, x -> f.suspended().contains(x.text), HealthStatus.SUSPENDED, f));
    return v.or(() -> first(values, x -> f.healthy().contains(x.text), HealthStatus.HEALTHY, f));
  }

  private static final java.util.regex.Pattern RATIO = java.util.regex.Pattern.compile("([0-9]{1,9})/([0-9]{1,9})");

  /** A "ready/total" value's health: fewer ready than there are, under way; none at all, or no such pair, unknown. */
  static HealthStatus ratio(String text) {
    java.util.regex.Matcher m = RATIO.matcher(text);
    if (!m.matches() || Long.parseLong(m.group(2)) == 0) {
      return HealthStatus.UNKNOWN;
    }
    return Long.parseLong(m.group(1)) < Long.parseLong(m.group(2)) ? HealthStatus.PROGRESSING : HealthStatus.HEALTHY;
  }

  private static Optional<Verdict> first(List<Value> values, Predicate<Value> p, HealthStatus status, StateField f) {
    return values.stream().filter(p).findFirst().map(x -> new Verdict(status, x, f));
  }

  /**
   * Where the kind reports no summary condition ({@code absent} null) or its declared summary
   * ({@code absent}) has not been reported: the first field with a verdict decides.
   */
  static Optional<Judgement.Decision> decide(JsonNode object, KindContract contract, String absent) {
    for (StateField f : contract.facts().stateFields()) {
      Optional<Verdict> v = verdict(object, f);
      if (v.isPresent()) {
        HealthStatus s = v.get().status();
        String why = s == HealthStatus.UNKNOWN ? "to which the kind's API gives no health"
            : "which the kind's API says is " + s.label();
        return Optional.of(decision(v.get(), contract, why
            + (absent == null ? ", and no condition sums the kind's health up" : ", and " + absent + " has not been reported")));
      }
    }
    return Optional.empty();
  }

  /** Beside a summary in its healthy state: the first field whose verdict is Degraded or Progressing. */
  static Optional<Judgement.Decision> besideHealthySummary(JsonNode object, KindContract contract) {
    for (StateField f : contract.facts().stateFields()) {
      Optional<Verdict> v = verdict(object, f)
          .filter(x -> x.status() == HealthStatus.DEGRADED || x.status() == HealthStatus.PROGRESSING);
      if (v.isPresent()) {
        return Optional.of(decision(v.get(), contract, "which the kind's API says is "
            + (v.get().status() == HealthStatus.DEGRADED ? "a failure" : "work under way")));
      }
    }
    return Optional.empty();
  }

  /**
   * Beside a failing summary: the first field whose verdict is Progressing (the controller at work) or
   * Suspended (a deliberate stop the kind's API documents, which explains the summary: a KubeVirt VM whose
   * printableStatus is Stopped has Ready False, VMINotExists).
   */
  static Optional<Verdict> explainsFailure(JsonNode object, KindContract contract) {
    for (StateField f : contract.facts().stateFields()) {
      Optional<Verdict> v = verdict(object, f)
          .filter(x -> x.status() == HealthStatus.PROGRESSING || x.status() == HealthStatus.SUSPENDED);
      if (v.isPresent()) {
        return v;
      }
    }
    return Optional.empty();
  }

  /**
   * Where the kind declares state fields or counts and none has a value yet: Progressing, waiting for
   * the first field that has healthy values (else the first field, else the first count under status),
   * as a declared summary not yet written.
   */
  static Optional<Judgement.Decision> notYetWritten(JsonNode object, KindContract contract) {
    List<StateField> fields = contract.facts().stateFields();
    List<String> counts = contract.facts().counts().statusPaths();
    if (fields.isEmpty() && counts.isEmpty() || fields.stream().anyMatch(f -> !values(object, f).isEmpty())
        || CountJudgement.written(object, contract.facts().counts())) {
      return Optional.empty();
    }
    String awaited = fields.stream().filter(f -> !f.healthy().isEmpty()).findFirst().map(StateField::path)
        .orElse(fields.isEmpty() ? counts.get(0) : fields.get(0).path());
    return Optional.of(new Judgement.Decision(HealthStatus.PROGRESSING, "Waiting for " + awaited,
        Optional.of(basis(awaited, contract)),
        Reason.of(Rule.PHASE, awaited + " has not been reported, and no condition sums the kind's health up")));
  }

  static Basis basis(String path, KindContract contract) {
    return new Basis("catalogue", "the kind's API on " + path, contract.facts().citation());
  }

  private static Judgement.Decision decision(Verdict v, KindContract contract, String why) {
    return new Judgement.Decision(v.status(), v.value().describe(), Optional.of(basis(v.field().path(), contract)),
        Reason.of(Rule.PHASE, v.value().where() + " is " + v.value().text() + ", " + why));
  }

  /** The field's values, a {@code *} segment giving one per map value (by key) or list entry. */
  static List<Value> values(JsonNode object, StateField f) {
    List<Value> values = new ArrayList<>();
    collect(object.path("status"), "status", f.segments(), f, values);
    return values;
  }

  private static void collect(JsonNode node, String where, List<String> segments, StateField f, List<Value> out) {
    if (segments.size() == 1) {
      String text = text(node.path(segments.get(0)));
      if (text != null) {
        JsonNode m = f.message().isEmpty() ? null : node.path(f.message());
        out.add(new Value(where + "." + segments.get(0), text, m != null && m.isTextual() ? m.asText() : ""));
      }
      return;
    }
    String segment = segments.get(0);
    List<String> rest = segments.subList(1, segments.size());
    if (!segment.equals("*")) {
      JsonNode next = node.path(segment);
      if (next.isObject() || next.isArray()) {
        collect(next, where + "." + segment, rest, f, out);
      }
      return;
    }
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        if (node.get(i).isObject()) {
          collect(node.get(i), where + "[" + i + "]", rest, f, out);
        }
      }
    } else if (node.isObject()) {
      List<String> keys = new ArrayList<>();
      node.fieldNames().forEachRemaining(keys::add);
      keys.sort(null);
      for (String k : keys) {
        if (node.path(k).isObject()) {
          collect(node.path(k), where + "." + k, rest, f, out);
        }
      }
    }
  }

  /** A value's text: a string, a boolean, or an integer (an enum written as its number); null otherwise. */
  static String text(JsonNode v) {
    if (v.isTextual() || v.isBoolean()) {
      return v.asText();
    }
    java.util.OptionalLong n = Judgement.integer(v);
    return n.isPresent() ? Long.toString(n.getAsLong()) : null;
  }
}
