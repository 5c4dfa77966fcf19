package dev.condlint.rules.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.Pointers;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The merge stage: a condition that lacks several required fields (reason, message and
 * lastTransitionTime) gets one finding that lists them, not one per field at the same place. Findings
 * merge when they report an absent field of the same condition at the same severity; the merged one
 * keeps the id of the first rule in catalogue order. Runs after suppressions, so a suppressed field
 * leaves the others merged. Immutable.
 */
final class MissingFields {
  private final Map<String, Integer> order = new HashMap<>();

  MissingFields(RuleRegistry registry) {
    List<Rule> rules = registry.rules();
    for (int i = 0; i < rules.size(); i++) {
      order.put(rules.get(i).id(), i);
    }
  }

  List<Finding> merge(Document document, List<Finding> findings) {
    Map<String, List<Finding>> byCondition = new LinkedHashMap<>();
    for (Finding f : findings) {
      if (f.missingField().isPresent()) {
        byCondition.computeIfAbsent(Pointers.parent(f.pointer()) + "|" + f.severity(), k -> new ArrayList<>()).add(f);
      }
    }
    if (byCondition.values().stream().allMatch(group -> group.size() < 2)) {
      return findings;
    }
    List<Finding> out = new ArrayList<>();
    for (Finding f : findings) {
      if (f.missingField().isEmpty()) {
        out.add(f);
        continue;
      }
      List<Finding> group = byCondition.get(Pointers.parent(f.pointer()) + "|" + f.severity());
      if (group.size() < 2) {
        out.add(f);
      } else if (group.get(0) == f) {
        out.add(merged(document, group));
      }
    }
    return out;
  }

  private Finding merged(Document document, List<Finding> group) {
    List<Finding> sorted = new ArrayList<>(group);
    sorted.sort(Comparator.comparingInt(f -> order.getOrDefault(f.ruleId(), Integer.MAX_VALUE)));
    Finding first = sorted.get(0);
    List<String> fields = sorted.stream().map(f -> f.missingField().orElseThrow()).toList();
    String condition = Pointers.parent(first.pointer());
    String all = fields.size() == 2 ? "both" : "them";
    boolean inferred = first.basis().filter(b -> !b.source().isDeclared()).isPresent();
    String message = label(document.object().at(condition), condition) + " has no " + words(fields)
        + (inferred
            ? "; if its condition type is the one its fields suggest, it requires " + all
                + first.basis().map(b -> " (" + b.phrase() + ")").orElse("")
            : "; its condition type requires " + all + first.basis().map(b -> " (per " + b.phrase() + ")").orElse(""))
        + ".";
    String hint = String.join(" ", sorted.stream().map(Finding::hint).toList());
    return new Finding(first.ruleId(), first.severity(), message, hint, first.pointer(), first.object(),
        first.position(), first.basis(), first.missingField());
  }

  private static String label(JsonNode condition, String pointer) {
    JsonNode type = condition.path("type");
    return type.isTextual() && !type.asText().isEmpty()
        ? "Condition \"" + type.asText() + "\""
        : "Condition #" + Pointers.lastToken(pointer);
  }

  private static String words(List<String> fields) {
    if (fields.size() == 1) {
      return fields.get(0);
    }
    return String.join(", ", fields.subList(0, fields.size() - 1)) + " or " + fields.get(fields.size() - 1);
  }
}
