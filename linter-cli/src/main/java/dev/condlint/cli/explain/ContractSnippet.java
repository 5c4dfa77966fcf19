package dev.condlint.cli.explain;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code .condlint.yaml} {@code contracts:} entry that would declare what condlint inferred of an
 * object's condition lists, ready to paste: the user confirms it, or corrects it, and the rules then
 * judge the kind by a declared contract. Parts nothing says are there as comments to fill in.
 */
final class ContractSnippet {
  private static final String UNKNOWN_TYPE =
      "  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?";

  private ContractSnippet() {}

  /** The entry, or empty when every part of every list is declared already. */
  static Optional<String> of(ObjectRef ref, List<Explained.ConditionList> lists) {
    Map<String, List<String>> byPath = new LinkedHashMap<>();
    Map<String, List<Explained.ConditionList>> alike = new LinkedHashMap<>();
    lists.forEach(l -> alike.computeIfAbsent(l.path(), p -> new ArrayList<>()).add(l));
    alike.forEach((path, same) -> {
      List<String> lines = list(same);
      if (!lines.isEmpty()) {
        byPath.put(path, lines);
      }
    });
    if (byPath.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder yaml = new StringBuilder("contracts:\n")
        .append("  - group: ").append(ref.group().isEmpty() ? "\"\"" : YamlScalar.value(ref.group())).append('\n')
        .append("    kinds: [").append(YamlScalar.value(ref.kind())).append("]\n");
    List<String> nested = byPath.keySet().stream().filter(p -> !p.equals(ListPath.TOP_LEVEL)).toList();
    if (byPath.containsKey(ListPath.TOP_LEVEL)) {
      yaml.append("    conditions:\n");
      byPath.get(ListPath.TOP_LEVEL).forEach(line -> yaml.append("      ").append(line).append('\n'));
    }
    if (!nested.isEmpty()) {
      yaml.append("    lists:\n");
      for (String path : nested) {
        yaml.append("      ").append(YamlScalar.key(path)).append(":\n");
        byPath.get(path).forEach(line -> yaml.append("        ").append(line).append('\n'));
      }
    }
    return Optional.of(yaml.toString());
  }

  /**
   * The lines of one list path's contract (merged over the lists at that path): what was inferred,
   * and what nothing says as comments; none when nothing was inferred.
   */
  private static List<String> list(List<Explained.ConditionList> same) {
    List<String> inferred = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    Optional<Explained.ConditionType> type = same.stream().flatMap(l -> l.conditionType().stream()).findFirst();
    if (type.isEmpty()) {
      unknown.add("# family:  # unknown: a condition family of docs/catalogue.md, or the fields (docs/contracts.md)");
    } else if (isInferred(type.get().basis())) {
      inferred.addAll(conditionType(type.get()));
    }
    List<String> types = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (Explained.ConditionList list : same) {
      for (Explained.Type t : list.types()) {
        if (seen.contains(t.name())) {
          continue;
        }
        seen.add(t.name());
        if (t.polarity().isEmpty()) {
          types.add("  " + YamlScalar.key(t.name()) + ": " + Polarity.UNKNOWN.label() + UNKNOWN_TYPE);
        } else if (isInferred(t.basis().orElseThrow())) {
          types.add("  " + YamlScalar.key(t.name()) + ": " + t.polarity().get().label());
        }
      }
    }
    if (!types.isEmpty()) {
      inferred.add("types:");
      inferred.addAll(types);
    }
    Optional<Known<Summary>> summary = same.stream().flatMap(l -> l.summary().stream()).findFirst();
    if (summary.isEmpty()) {
      unknown.add("# summary: []  # none found: the type(s) that sum the object's health up, if it has one");
    } else if (isInferred(summary.get().basis())) {
      inferred.add("summary: " + summary(summary.get().value()));
    }
    Optional<Known<GenerationTracking>> generation = same.stream().flatMap(l -> l.generation().stream()).findFirst();
    if (generation.isEmpty()) {
      unknown.add("# observedGeneration:  # unknown: status, condition, both or none");
    } else if (isInferred(generation.get().basis())) {
      inferred.add("observedGeneration: " + generation.get().value().label());
    }
    if (inferred.isEmpty()) {
      return List.of();
    }
    inferred.addAll(unknown);
    return inferred;
  }

  private static List<String> conditionType(Explained.ConditionType type) {
    if (type.family().isPresent()) {
      return List.of("family: " + type.family().get());
    }
    List<String> lines = new ArrayList<>(List.of("fields:"));
    type.fields().forEach((field, rule) -> lines.add("  " + YamlScalar.key(field) + ": " + fieldRule(rule)));
    return lines;
  }

  private static String fieldRule(FieldRule rule) {
    if (!rule.required()) {
      return "optional";
    }
    if (rule.whenStatus().isEmpty()) {
      return "required";
    }
    return "{requiredWhen: [" + rule.whenStatus().stream().sorted().collect(Collectors.joining(", ")) + "]}";
  }

  private static String summary(Summary summary) {
    String types = summary.types().stream().map(YamlScalar::value).collect(Collectors.joining(", "));
    return summary.all() ? "{types: [" + types + "], all: true}" : "[" + types + "]";
  }

  private static boolean isInferred(ContractBasis basis) {
    return !basis.source().isDeclared();
  }
}
