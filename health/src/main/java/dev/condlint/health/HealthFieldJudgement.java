package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where no condition summary is known but the kind's API sums its health up in a field outside the
 * conditions ({@link HealthFacts.HealthField}): the first field with a value decides. Among its values
 * (a {@code *} segment gives one per map value or list entry, maps by key), one the API calls a failure
 * is Degraded, else one that names work under way Progressing, else a value the API gives no health
 * Unknown (condlint says no more than the API), else one that is a deliberate stop Suspended, else
 * Healthy. No value in any field: Progressing, waiting for the first field.
 */
final class HealthFieldJudgement {
  private HealthFieldJudgement() {}

  /** One value of a health field: where it is, its text, and the message beside it ("" if none). */
  record Value(String where, String text, String message) {
    String describe() {
      return message.isEmpty() ? where + " is " + text : message;
    }
  }

  static Optional<Judgement.Decision> judge(JsonNode object, KindContract contract) {
    List<HealthFacts.HealthField> fields = contract.facts().healthFields();
    if (fields.isEmpty()) {
      return Optional.empty();
    }
    for (HealthFacts.HealthField f : fields) {
      List<Value> values = new ArrayList<>();
      collect(object.path("status"), "status", f.segments(), f, values);
      if (values.isEmpty()) {
        continue;
      }
      Basis basis = new Basis("catalogue", "the kind's API on " + f.path(), contract.facts().citation());
      Optional<Value> v = values.stream().filter(x -> f.degraded().contains(x.text)).findFirst();
      if (v.isPresent()) {
        return Optional.of(decision(HealthStatus.DEGRADED, v.get(), basis, "which the kind's API says is a failure"));
      }
      v = values.stream().filter(x -> f.progressing().contains(x.text)).findFirst();
      if (v.isPresent()) {
        return Optional.of(decision(HealthStatus.PROGRESSING, v.get(), basis, "which the kind's API says is work under way"));
      }
      v = values.stream().filter(x -> !f.healthy().contains(x.text) && !f.suspended().contains(x.text)).findFirst();
      if (v.isPresent()) {
        return Optional.of(decision(HealthStatus.UNKNOWN, v.get(), basis, "to which the kind's API gives no health"));
      }
      v = values.stream().filter(x -> f.suspended().contains(x.text)).findFirst();
      if (v.isPresent()) {
        return Optional.of(decision(HealthStatus.SUSPENDED, v.get(), basis, "which the kind's API says is a deliberate stop"));
      }
      return Optional.of(decision(HealthStatus.HEALTHY, values.get(0), basis, "which the kind's API says is healthy"));
    }
    String path = fields.get(0).path();
    return Optional.of(new Judgement.Decision(HealthStatus.PROGRESSING, "Waiting for " + path,
        Optional.of(new Basis("catalogue", "the kind's API on " + path, contract.facts().citation())),
        Reason.of(Rule.PHASE, path + " has not been reported yet")));
  }

  private static Judgement.Decision decision(HealthStatus status, Value v, Basis basis, String why) {
    return new Judgement.Decision(status, v.describe(), Optional.of(basis),
        Reason.of(Rule.PHASE, v.where + " is " + v.text + ", " + why));
  }

  private static void collect(JsonNode node, String where, List<String> segments, HealthFacts.HealthField f,
      List<Value> out) {
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
  private static String text(JsonNode v) {
    if (v.isTextual() || v.isBoolean()) {
      return v.asText();
    }
    java.util.OptionalLong n = Judgement.integer(v);
    return n.isPresent() ? Long.toString(n.getAsLong()) : null;
  }
}
