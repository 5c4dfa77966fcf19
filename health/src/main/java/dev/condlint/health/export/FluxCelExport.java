package dev.condlint.health.export;

import dev.condlint.health.KindContract;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes a kind's health as a Flux Kustomization {@code healthCheckExprs} entry: CEL expressions that
 * Flux evaluates after its own generation pre-check ({@code status.observedGeneration} other than
 * {@code metadata.generation} is InProgress before any expression runs; fluxcd/pkg
 * {@code runtime/cel/status_evaluator.go}), {@code inProgress} first, then {@code failed}, then
 * {@code current}, InProgress when none holds. The expressions judge as {@code condlint health} does:
 * Healthy and Suspended are Current, Progressing is InProgress, Degraded is Failed, and Unknown makes no
 * expression true (InProgress: Flux waits). Kinds that record the generation per condition get the
 * check Flux's pre-check cannot make for them.
 */
public final class FluxCelExport {
  private FluxCelExport() {}

  /** The three expressions of an entry. */
  public record Expressions(String inProgress, String failed, String current) {}

  private static final String CONDS = "(has(status.conditions) && type(status.conditions) == list"
      + " ? status.conditions : [])";
  /** A condition the judgement reads: a map with a string type. */
  private static final String IS_COND = "type(c) == map && has(c.type) && type(c.type) == string";

  public static Expressions expressions(KindContract contract) throws ExportRefused {
    ExportData d = ExportData.of(contract);
    List<String> summaryTypes;
    boolean all;
    String summaryPresent;
    if (d.summary().isPresent()) {
      summaryTypes = d.summary().get().types();
      all = d.summary().get().all();
      summaryPresent = "true";
    } else {
      summaryTypes = d.summaryNames();
      all = false;
      summaryPresent = or(summaryTypes.stream().map(t -> "size(" + first(t) + ") > 0").toList());
    }
    String deletion = "(has(metadata.deletionTimestamp) && type(metadata.deletionTimestamp) == string"
        + " && metadata.deletionTimestamp != '')";
    String generationSet = integral("metadata.generation", "has(metadata.generation)");
    String statusGeneration = "(" + generationSet + " && " + integral("status.observedGeneration",
        "has(status.observedGeneration)") + " && metadata.generation != status.observedGeneration)";
    List<String> stale = new ArrayList<>();
    if (d.perConditionGeneration()) {
      for (String t : summaryTypes) {
        String f = first(t);
        stale.add("(size(" + f + ") > 0 && " + integral(f + "[0].observedGeneration", "has(" + f + "[0].observedGeneration)")
            + " && " + f + "[0].observedGeneration != metadata.generation)");
      }
    }
    String conditionGeneration = stale.isEmpty() ? "false" : "(" + generationSet + " && " + or(stale) + ")";

    List<String> suspended = new ArrayList<>(List.of(
        "(has(spec.suspend) && spec.suspend == true)",
        "(has(spec.paused) && spec.paused == true)",
        CONDS + ".exists(c, " + IS_COND + " && " + text("c", "status") + " == 'True' && ['Suspended', 'Paused', 'Stopped'].exists(w, c.type.endsWith(w)))"));
    for (String t : summaryTypes) {
      String f = first(t);
      suspended.add("(size(" + f + ") > 0 && " + text(f + "[0]", "status") + " != 'True' && ['Paused', 'Suspended'].exists(w, "
          + text(f + "[0]", "reason") + ".endsWith(w)))");
    }
    String s = or(suspended);

    List<String> good = new ArrayList<>();
    List<String> bad = new ArrayList<>();
    List<String> terminal = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    for (String t : summaryTypes) {
      boolean abnormal = contract.polarity(t).map(k -> k.value() == Polarity.ABNORMAL_TRUE).orElse(false);
      String f = first(t);
      String st = text(f + "[0]", "status");
      String present = "size(" + f + ") > 0";
      good.add(abnormal ? "false" : "(" + present + " && " + st + " == 'True')");
      String isBad = "(" + present + " && (" + st + " == '" + (abnormal ? "True" : "False") + "' || " + st + " == 'Degraded'))";
      bad.add(isBad);
      String reason = text(f + "[0]", "reason");
      String transientFailure = "(" + text(f + "[0]", "severity") + " == 'Info' || (" + reason + " != '' && "
          + workUnderWay(reason, d) + "))";
      terminal.add("(" + isBad + " && !" + transientFailure + ")");
      pending.add("(" + present + " && !(" + st + " in ['True', 'False', 'Degraded']))");
    }
    String anyBad = or(bad);
    String anyTerminal = or(terminal);
    String healthySummary = all ? and(good) : or(good);
    String anyPending = or(pending);
    String aouDegraded = CONDS + ".exists(c, " + IS_COND + " && " + text("c", "status") + " == 'True' && "
        + is("c.type", "abnormal-true", d) + " && !" + underWay("c.type", d) + " && !"
        + namedBy("c.type", d.coexistWithSummary()) + ")";
    String aouProgressing = CONDS + ".exists(c, " + IS_COND + " && " + text("c", "status") + " == 'True' && "
        + underWay("c.type", d) + ")";

    String degraded = "(" + summaryPresent + " ? (" + anyBad + " ? " + anyTerminal + " : ((" + healthySummary + " || "
        + anyPending + ") && " + aouDegraded + ")) : " + aouDegraded + ")";
    String progressing = "(" + summaryPresent + " ? (" + anyBad + " ? !" + anyTerminal + " : (" + healthySummary + " ? (!"
        + aouDegraded + " && " + aouProgressing + ") : (!" + anyPending + " || !" + aouDegraded + "))) : (!"
        + aouDegraded + " && " + aouProgressing + "))";
    String healthy = "(" + summaryPresent + " && !" + anyBad + " && " + healthySummary + " && !" + aouDegraded + " && !"
        + aouProgressing + ")";

    return new Expressions(
        deletion + " || " + statusGeneration + " || " + conditionGeneration + " || (!" + s + " && " + progressing + ")",
        "!" + s + " && " + degraded,
        s + " || " + healthy);
  }

  private static String first(String type) {
    return CONDS + ".filter(c, " + IS_COND + " && c.type == " + cel(type) + ")";
  }

  private static String text(String map, String field) {
    return "(has(" + map + "." + field + ") && type(" + map + "." + field + ") == string ? " + map + "." + field + " : '')";
  }

  private static String integral(String value, String has) {
    return "(" + has + " && (type(" + value + ") == int || (type(" + value + ") == double && " + value
        + " == double(int(" + value + ")))))";
  }

  private static String name(String s) {
    return s + ".substring(" + s + ".lastIndexOf('/') + 1)";
  }

  /** Whether the ending that decides a name's polarity (the first that matches) gives {@code polarity}. */
  private static String byEnding(String n, List<Map.Entry<String, String>> endings, String polarity, boolean word) {
    List<String> terms = new ArrayList<>();
    List<String> earlier = new ArrayList<>();
    int i = 0;
    while (i < endings.size()) {
      String runPolarity = endings.get(i).getValue();
      List<String> run = new ArrayList<>();
      while (i < endings.size() && endings.get(i).getValue().equals(runPolarity)) {
        run.add(endings.get(i).getKey());
        i++;
      }
      String match = list(run) + ".exists(w, " + (word ? "size(" + n + ") > size(w) && " : "") + n + ".endsWith(w))";
      if (runPolarity.equals(polarity)) {
        terms.add(earlier.isEmpty() ? match : "(!" + or(earlier) + " && " + match + ")");
      }
      earlier.add(match);
    }
    return or(terms);
  }

  private static String anyEnding(String n, List<Map.Entry<String, String>> endings, boolean word) {
    if (endings.isEmpty()) {
      return "false";
    }
    return list(endings.stream().map(Map.Entry::getKey).toList()) + ".exists(w, "
        + (word ? "size(" + n + ") > size(w) && " : "") + n + ".endsWith(w))";
  }

  private static List<String> withPolarity(Map<String, String> names, String polarity) {
    return names.entrySet().stream().filter(e -> e.getValue().equals(polarity)).map(Map.Entry::getKey).toList();
  }

  /** Whether the vocabulary gives the name no polarity. */
  private static String vocabularyNone(String n, ExportData d) {
    return "(!(" + n + " in " + list(List.copyOf(d.vocabularyNames().keySet())) + ") && !"
        + anyEnding(n, d.vocabularyEndings(), true) + ")";
  }

  /** Whether a type's polarity, as the contract resolver gives it, is {@code polarity}. */
  private static String is(String type, String polarity, ExportData d) {
    String n = name(type);
    String vocabulary = "(" + n + " in " + list(withPolarity(d.vocabularyNames(), polarity)) + " || (!(" + n + " in "
        + list(List.copyOf(d.vocabularyNames().keySet())) + ") && " + byEnding(n, d.vocabularyEndings(), polarity, true)
        + "))";
    String endings = d.declaredEndings().isEmpty() ? vocabulary
        : "(" + byEnding(type, d.declaredEndings(), polarity, false) + " || (!" + anyEnding(type, d.declaredEndings(), false)
            + " && " + vocabulary + "))";
    if (d.declaredTypes().isEmpty()) {
      return endings;
    }
    return "(" + type + " in " + list(withPolarity(d.declaredTypes(), polarity)) + " || (!(" + type + " in "
        + list(List.copyOf(d.declaredTypes().keySet())) + ") && " + endings + "))";
  }

  private static String namedBy(String s, List<String> words) {
    if (words.isEmpty()) {
      return "false";
    }
    String n = name(s);
    return "(" + n + " in " + list(words) + " || " + list(words) + ".exists(w, size(" + n + ") > size(w) && " + n
        + ".endsWith(w)))";
  }

  private static String workUnderWay(String s, ExportData d) {
    String n = name(s);
    String upper = n + ".charAt(size(w))";
    return "(" + namedBy(s, d.workUnderWay()) + " || (" + vocabularyNone(n, d) + " && " + list(d.workUnderWay())
        + ".exists(w, size(" + n + ") > size(w) && " + n + ".startsWith(w) && " + upper + ".upperAscii() == " + upper
        + " && " + upper + ".lowerAscii() != " + upper + ")))";
  }

  private static String underWay(String type, ExportData d) {
    return "(!" + is(type, "normal-true", d) + " && " + workUnderWay(type, d) + ")";
  }

  private static String or(List<String> terms) {
    return terms.isEmpty() ? "false" : terms.stream().collect(Collectors.joining(" || ", "(", ")"));
  }

  private static String and(List<String> terms) {
    return terms.isEmpty() ? "true" : terms.stream().collect(Collectors.joining(" && ", "(", ")"));
  }

  private static String list(List<String> items) {
    return items.stream().map(FluxCelExport::cel).collect(Collectors.joining(", ", "[", "]"));
  }

  static String cel(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'";
  }

  /** Unused by the expressions, kept for messages: the summary the entry judges by. */
  static String describe(KindContract contract) {
    return contract.declaredSummary().map(Known::value).map(Summary::describe).orElse("Ready or Succeeded, where present");
  }
}
