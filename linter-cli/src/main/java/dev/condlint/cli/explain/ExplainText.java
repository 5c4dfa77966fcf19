package dev.condlint.cli.explain;

import dev.condlint.cli.report.TerminalText;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.contract.Timing;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code condlint explain}'s text: per object or kind, each condition list with every part of its
 * contract and, below each part, its basis; for an object, then the {@code .condlint.yaml} entry that
 * would declare what was inferred. Each line is escaped for the terminal as a whole, so that a line
 * break in a name from the input cannot forge a line.
 */
public final class ExplainText {
  private final String summaryNames;

  /** @param summaryNames the type names that are a summary wherever they appear (Ready, Succeeded) */
  public ExplainText(Set<String> summaryNames) {
    this.summaryNames = String.join(" or ", new TreeSet<>(summaryNames));
  }

  public String object(Explained.ObjectContract object) {
    List<String> out = new ArrayList<>();
    out.add(object.file() + ":" + object.line() + ": " + object.ref().display() + " (" + object.ref().apiVersion() + ")");
    if (object.lists().isEmpty()) {
      out.add("  no condition lists");
    }
    object.defines().ifPresent(kind -> out.add("  defines " + kind.display() + ": `condlint explain " + object.file()
        + " " + kind.display() + "` shows the contract its schema declares"));
    for (Explained.ConditionList list : object.lists()) {
      String at = list.pointer().filter(p -> !p.equals("/status/conditions")).map(p -> " at " + p).orElse("");
      out.add("  " + list.path() + at + list.line().map(line -> ", line " + line).orElse(""));
      parts(list, false, out);
    }
    object.timing().ifPresent(t -> timing(t, out));
    object.snippet().ifPresent(yaml -> {
      out.add("");
      out.add("  What condlint inferred, as a .condlint.yaml entry to confirm or correct:");
      out.add("");
      out.addAll(List.of(yaml.split("\n")));
    });
    return text(out);
  }

  public String kind(Explained.KindContract kind) {
    List<String> out = new ArrayList<>();
    out.add(kind.name().display() + ", " + switch (kind.versions().size()) {
      case 0 -> "every version";
      case 1 -> "version " + kind.versions().get(0);
      default -> "versions " + String.join(", ", kind.versions());
    });
    if (kind.conditionsUnknown() && kind.timing().isPresent()) {
      out.add("  no condition list is declared: condlint infers the contract of any it finds in an object");
    } else if (kind.conditionsUnknown()) {
      out.add("  nothing is known of its conditions: condlint infers the contract from each object");
      out.add("  (`condlint explain FILE` shows what it infers; docs/contracts.md says how to declare it)");
      kind.suggestion().ifPresent(s -> out.add("  did you mean '" + s + "'?"));
    } else {
      for (Explained.ConditionList list : kind.lists()) {
        out.add("  " + list.path());
        parts(list, true, out);
      }
    }
    kind.timing().ifPresent(t -> timing(t, out));
    return text(out);
  }

  private static String text(List<String> lines) {
    StringBuilder out = new StringBuilder();
    lines.forEach(line -> out.append(TerminalText.escape(line)).append('\n'));
    return out.toString();
  }

  private void parts(Explained.ConditionList list, boolean declaredOnly, List<String> out) {
    list.untyped().ifPresent(u -> out.add("    untyped: " + u));
    conditionType(list.conditionType(), declaredOnly, out);
    if (list.conditionType().isEmpty() && !list.inferredRules().isEmpty()) {
      out.add("      rules without a condition type (findings at warning at most):");
      list.inferredRules().forEach(r -> out.add("        " + r.rule() + ": " + (r.on() ? "on: " : "off: ") + r.what()));
    }
    types(list, declaredOnly, out);
    summary(list.summary(), declaredOnly, out);
    generation(list.generation(), declaredOnly, out);
  }

  private static void conditionType(Optional<Explained.ConditionType> type, boolean declaredOnly, List<String> out) {
    if (type.isEmpty()) {
      if (declaredOnly) {
        out.add("    condition type: not declared: inferred from each object's conditions");
      } else {
        out.add("    condition type: unknown");
        out.add("      basis: nothing says, and its conditions' fields are those of no condition family");
      }
      return;
    }
    Explained.ConditionType t = type.get();
    out.add("    condition type: " + t.family().map(f -> f + t.title().map(title -> " (" + title + ")").orElse(""))
        .orElse("the kind's own (neither metav1.Condition nor a condition type the catalogue declares for the kind)"));
    List<String> fields = new ArrayList<>();
    t.fields().forEach((field, rule) -> fields.add(field + " (" + rule.describe() + ")"));
    out.add("      fields: " + String.join(", ", fields));
    if (!t.changedFromFamily().isEmpty()) {
      out.add("      changed from " + t.family().orElseThrow() + ": " + String.join(", ", t.changedFromFamily()));
    }
    out.add("      basis: " + basisText(t.basis()));
    if (!t.inferredRules().isEmpty()) {
      out.add("      rules by this inferred type (findings at warning at most):");
      t.inferredRules().forEach(r -> out.add("        " + r.rule() + ": " + (r.on() ? "on: " : "off: ") + r.what()));
    }
  }

  private static void types(Explained.ConditionList list, boolean declaredOnly, List<String> out) {
    if (list.types().isEmpty()) {
      out.add(declaredOnly ? "    types: none declared" : "    types: none");
    } else {
      out.add("    types:");
      types(list.types(), "", out);
    }
    if (!list.endings().isEmpty()) {
      out.add("    types by the end of their name:");
      types(list.endings(), "...", out);
    }
    if (declaredOnly) {
      out.add("    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md),"
          + " else unknown");
    }
  }

  /** Each type's polarity; the basis below each run of types that share it. */
  private static void types(List<Explained.Type> types, String prefix, List<String> out) {
    int run = 0;
    for (int i = 0; i < types.size(); i++) {
      Explained.Type type = types.get(i);
      out.add("      " + prefix + type.name() + ": " + type.polarity().map(Polarity::label).orElse(Polarity.UNKNOWN.label())
          + (type.mayStandBesideSummary() ? " (may be True beside a True summary: work under way or a deliberate state)"
              : ""));
      run++;
      boolean last = i + 1 == types.size() || !types.get(i + 1).basis().equals(type.basis());
      if (last) {
        out.add("        basis" + (run > 1 ? " of the " + run + " above" : "") + ": " + type.basis()
            .map(ExplainText::basisText).orElse("nothing says, so the rules that depend on polarity leave it alone"));
        run = 0;
      }
    }
  }

  private void summary(Optional<Known<Summary>> summary, boolean declaredOnly, List<String> out) {
    if (summary.isEmpty()) {
      if (declaredOnly) {
        out.add("    summary: not declared: a " + summaryNames + " condition of each object");
      } else {
        out.add("    summary: none");
        out.add("      basis: nothing says, and no " + summaryNames + " condition is present");
      }
      return;
    }
    out.add("    summary: " + summary.get().value().describe());
    out.add("      basis: " + basisText(summary.get().basis()));
  }

  private static void generation(Optional<Known<GenerationTracking>> generation, boolean declaredOnly, List<String> out) {
    if (generation.isEmpty()) {
      if (declaredOnly) {
        out.add("    observedGeneration: not declared: per condition where each object's conditions carry it");
      } else {
        out.add("    observedGeneration: unknown");
        out.add("      basis: nothing says, and none of its conditions carries it");
      }
      return;
    }
    GenerationTracking g = generation.get().value();
    String where = switch (g) {
      case STATUS -> "status.observedGeneration";
      case CONDITION -> "each condition's observedGeneration";
      case BOTH -> "status.observedGeneration and each condition's";
      case NONE -> "not recorded";
    };
    out.add("    observedGeneration: " + g.label() + " (" + where + ")");
    out.add("      basis: " + basisText(generation.get().basis()));
  }

  /**
   * The timing of the kind's own system: the deadlines with their defaults, or the backoff and the
   * failure limit; the rules and {@code condlint status} that read it; its basis.
   */
  private static void timing(Known<Timing> known, List<String> out) {
    Timing t = known.value();
    out.add("  timing: " + t.model().label());
    if (!t.deadlines().isEmpty()) {
      List<String> deadlines = new ArrayList<>();
      t.deadlines().forEach((name, d) -> deadlines.add(name + " " + d.map(GoDuration::format).orElse("none")));
      out.add("    deadlines (defaults): " + String.join(", ", deadlines));
    }
    if (t.model().retries()) {
      out.add("    backoff after each failure: " + String.join(", ", t.backoff().stream().map(GoDuration::format).toList())
          + "; at most " + t.maxFailures() + " failures");
    }
    out.add("    fields: " + String.join(", ", t.fields().stream().map(Timing.FieldCitation::path).toList()));
    String system = switch (t.model()) {
      case LANDSCAPER_DEPLOY_ITEM -> "landscaper";
      case ARC_EPHEMERAL_RUNNER -> "arc";
    };
    out.add("    read by: the rules " + system + "-* (docs/" + system + ".md) and condlint status");
    out.add("      basis: " + basisText(known.basis()));
  }

  /** {@code condlint's catalogue (Flux); source: fluxcd/...}: where a part comes from, and its upstream citation. */
  static String basisText(ContractBasis basis) {
    return basis.phrase() + (basis.citation().isEmpty() ? "" : "; source: " + basis.citation());
  }
}
