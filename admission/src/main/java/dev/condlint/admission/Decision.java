package dev.condlint.admission;

import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * What condlint decided about one request: the findings of the rules that applied, in the order
 * they are reported (most severe first, then source order), and notes about the check itself
 * (an unknown operation, a failing rule) that reach the client as warnings.
 *
 * <p>A decision keeps only the findings its answer can carry: the first {@link #KEPT} in report order
 * (the warnings, up to the API server's 4096 characters, and the denial's {@value
 * AdmissionResponses#MAX_CAUSES} causes), the first {@value #KEPT_ERRORS} errors (the denial's
 * message), and counts of the rest. A review with thousands of findings is answered in the same
 * words as when every finding was kept, while the request holds a few hundred of them.
 */
public final class Decision {
  /** How many findings, in report order, a decision keeps: more than its warnings and causes can show. */
  public static final int KEPT = Math.max(Warnings.MAX_WARNINGS, AdmissionResponses.MAX_CAUSES);
  /** How many errors, in report order, a decision keeps for the denial's message. */
  public static final int KEPT_ERRORS = AdmissionResponses.LISTED_IN_MESSAGE;

  /**
   * Most severe first; within a severity, document order. Webhook objects have no source positions,
   * so pointers compare token by token with array indexes as numbers ({@code /2} before {@code /10}).
   */
  public static final Comparator<Finding> REPORT_ORDER =
      Comparator.comparing(Finding::severity, Comparator.reverseOrder())
          .thenComparing(f -> f.position().orElse(null), Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Finding::pointer, Decision::comparePointers)
          .thenComparing(Finding.SOURCE_ORDER);

  /** How many findings of one rule, at one severity, a decision had. */
  public record Count(String ruleId, Severity severity, int count) {}

  private final AdmissionRequest request;
  private final AdmissionMode mode;
  private final Evaluation evaluation;
  private final List<Finding> findings;
  private final int findingCount;
  private final List<Finding> errors;
  private final int errorCount;
  private final List<String> ruleIds;
  private final List<Count> counts;
  private final List<String> notes;

  /** A decision on these findings, in any order; it keeps what its answer can carry. */
  public Decision(
      AdmissionRequest request, AdmissionMode mode, Evaluation evaluation, List<Finding> findings, List<String> notes) {
    this.request = request;
    this.mode = mode;
    this.evaluation = evaluation;
    this.notes = List.copyOf(notes);
    this.findingCount = findings.size();
    this.findings = first(findings, KEPT, f -> true);
    this.errors = first(findings, KEPT_ERRORS, Decision::denies);
    this.errorCount = (int) findings.stream().filter(Decision::denies).count();
    this.ruleIds = ruleIds(findings);
    this.counts = counts(findings);
  }

  /** Allows the request unchecked, saying why (an unknown operation, a failing rule): the webhook fails open. */
  public static Decision failOpen(AdmissionRequest request, AdmissionMode mode, String note) {
    return new Decision(request, mode, Evaluation.SKIPPED, List.of(), List.of(note));
  }

  public AdmissionRequest request() {
    return request;
  }

  public AdmissionMode mode() {
    return mode;
  }

  public Evaluation evaluation() {
    return evaluation;
  }

  /** The first {@link #KEPT} findings in report order. */
  public List<Finding> findings() {
    return findings;
  }

  /** How many findings the rules made, kept or not. */
  public int findingCount() {
    return findingCount;
  }

  public List<String> notes() {
    return notes;
  }

  public boolean allowed() {
    return mode != AdmissionMode.ENFORCE || errorCount == 0;
  }

  /**
   * The first {@link #KEPT_ERRORS} findings that deny the request in enforce mode, in report order: the
   * errors, except those that rest on a contract inferred from the object alone (no configuration, CRD
   * or catalogue entry behind it), which only warn: a guess about someone else's condition type must
   * not block their controller.
   */
  public List<Finding> errors() {
    return errors;
  }

  /** How many findings deny the request in enforce mode (see {@link #errors()}). */
  public int errorCount() {
    return errorCount;
  }

  private static boolean denies(Finding f) {
    return f.severity() == Severity.ERROR && !f.restsOnInference();
  }

  /** What the client is told, in one word: the webhook logs it and counts requests by it. */
  public enum Outcome {
    /** Allowed, with nothing for the client. */
    ALLOW,
    /** Allowed, with warnings for the client. */
    WARN,
    /** Denied. */
    DENY;

    /** {@code allow}, {@code warn} or {@code deny}: the log's and the metrics' word for it. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public Outcome outcome() {
    if (!allowed()) {
      return Outcome.DENY;
    }
    // warnings() is non-empty exactly when there are notes or warned findings: no need to format them here.
    return notes.isEmpty() && warnedCount() == 0 ? Outcome.ALLOW : Outcome.WARN;
  }

  /** The admission warnings this decision returns: none in audit mode, except notes about the check. */
  public List<String> warnings() {
    return mode == AdmissionMode.AUDIT ? Warnings.of(List.of(), 0, notes) : Warnings.of(findings, findingCount, notes);
  }

  /** How many findings the client is warned of: all of them, except in audit mode, which only logs them. */
  private int warnedCount() {
    return mode == AdmissionMode.AUDIT ? 0 : findingCount;
  }

  /** The distinct rule ids of the findings, in report order. */
  public List<String> ruleIds() {
    return ruleIds;
  }

  /** How many findings each rule made at each severity, by rule id in report order. */
  public List<Count> counts() {
    return counts;
  }

  /**
   * The first {@code limit} findings that {@code keep} accepts, in report order; equal findings in the
   * order given, as a stable sort of them all would put them.
   */
  private static List<Finding> first(List<Finding> all, int limit, java.util.function.Predicate<Finding> keep) {
    record Indexed(Finding finding, int index) {}
    Comparator<Indexed> order = Comparator.comparing(Indexed::finding, REPORT_ORDER)
        .thenComparingInt(Indexed::index);
    // The largest of those kept on top, to be dropped when a smaller one comes.
    PriorityQueue<Indexed> kept = new PriorityQueue<>(order.reversed());
    for (int i = 0; i < all.size(); i++) {
      Finding f = all.get(i);
      if (!keep.test(f)) {
        continue;
      }
      Indexed candidate = new Indexed(f, i);
      if (kept.size() < limit) {
        kept.add(candidate);
      } else if (limit > 0 && order.compare(candidate, kept.peek()) < 0) {
        kept.poll();
        kept.add(candidate);
      }
    }
    List<Indexed> sorted = new ArrayList<>(kept);
    sorted.sort(order);
    return sorted.stream().map(Indexed::finding).toList();
  }

  /** Each rule id once, in the report order of its first finding. */
  private static List<String> ruleIds(List<Finding> all) {
    Map<String, Integer> firstOfRule = new LinkedHashMap<>();
    for (int i = 0; i < all.size(); i++) {
      // On a tie the earlier finding stays, as in a stable sort.
      firstOfRule.merge(all.get(i).ruleId(), i, (a, b) -> REPORT_ORDER.compare(all.get(b), all.get(a)) < 0 ? b : a);
    }
    List<Map.Entry<String, Integer>> rules = new ArrayList<>(firstOfRule.entrySet());
    rules.sort(Comparator.comparing((Map.Entry<String, Integer> e) -> all.get(e.getValue()), REPORT_ORDER)
        .thenComparingInt(Map.Entry::getValue));
    return rules.stream().map(Map.Entry::getKey).toList();
  }

  private static List<Count> counts(List<Finding> all) {
    Map<String, EnumMap<Severity, Integer>> byRule = new LinkedHashMap<>();
    for (Finding f : all) {
      byRule.computeIfAbsent(f.ruleId(), r -> new EnumMap<>(Severity.class)).merge(f.severity(), 1, Integer::sum);
    }
    List<Count> out = new ArrayList<>();
    byRule.forEach((rule, bySeverity) -> bySeverity.forEach((severity, n) -> out.add(new Count(rule, severity, n))));
    return List.copyOf(out);
  }

  /**
   * JSON pointers token by token, array indexes as numbers; compared in place, without splitting, since
   * a review with many findings compares pointers many times.
   */
  static int comparePointers(String a, String b) {
    int i = 0;
    int j = 0;
    while (true) {
      int endA = a.indexOf('/', i);
      int endB = b.indexOf('/', j);
      int tokenEndA = endA < 0 ? a.length() : endA;
      int tokenEndB = endB < 0 ? b.length() : endB;
      int c = compareTokens(a, i, tokenEndA, b, j, tokenEndB);
      if (c != 0) {
        return c;
      }
      if (endA < 0 || endB < 0) {
        // As many tokens as split("/", -1) gives: the one with fewer tokens first.
        return Boolean.compare(endA >= 0, endB >= 0);
      }
      i = endA + 1;
      j = endB + 1;
    }
  }

  private static int compareTokens(String a, int fromA, int toA, String b, int fromB, int toB) {
    if (isIndex(a, fromA, toA) && isIndex(b, fromB, toB)) {
      return Long.compare(Long.parseLong(a, fromA, toA, 10), Long.parseLong(b, fromB, toB, 10));
    }
    // String.compareTo on the two tokens: by UTF-16 unit, then by length.
    int n = Math.min(toA - fromA, toB - fromB);
    for (int k = 0; k < n; k++) {
      char x = a.charAt(fromA + k);
      char y = b.charAt(fromB + k);
      if (x != y) {
        return x - y;
      }
    }
    return (toA - fromA) - (toB - fromB);
  }

  private static boolean isIndex(String s, int from, int to) {
    if (to == from || to - from >= 10) {
      return false;
    }
    for (int k = from; k < to; k++) {
      if (!Character.isDigit(s.charAt(k))) {
        return false;
      }
    }
    return true;
  }
}
