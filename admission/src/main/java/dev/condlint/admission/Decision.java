package dev.condlint.admission;

import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What condlint decided about one request: the findings of the rules that applied, in the order
 * they are reported (most severe first, then source order), and notes about the check itself
 * (an unknown operation, a missed deadline) that reach the client as warnings.
 */
public record Decision(
    AdmissionRequest request, AdmissionMode mode, Evaluation evaluation, List<Finding> findings, List<String> notes) {

  /**
   * Most severe first; within a severity, document order. Webhook objects have no source positions,
   * so pointers compare token by token with array indexes as numbers ({@code /2} before {@code /10}).
   */
  public static final Comparator<Finding> REPORT_ORDER =
      Comparator.comparing(Finding::severity, Comparator.reverseOrder())
          .thenComparing(f -> f.position().orElse(null), Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Finding::pointer, Decision::comparePointers)
          .thenComparing(Finding.SOURCE_ORDER);

  private static int comparePointers(String a, String b) {
    String[] x = a.split("/", -1);
    String[] y = b.split("/", -1);
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      int c = isIndex(x[i]) && isIndex(y[i])
          ? Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i]))
          : x[i].compareTo(y[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(x.length, y.length);
  }

  private static boolean isIndex(String token) {
    return !token.isEmpty() && token.length() < 10 && token.chars().allMatch(Character::isDigit);
  }

  public Decision {
    findings = findings.stream().sorted(REPORT_ORDER).toList();
    notes = List.copyOf(notes);
  }

  /** Allows the request unchecked, saying why (a missed deadline, a failing rule): the webhook fails open. */
  public static Decision failOpen(AdmissionRequest request, AdmissionMode mode, String note) {
    return new Decision(request, mode, Evaluation.SKIPPED, List.of(), List.of(note));
  }

  public boolean allowed() {
    return mode != AdmissionMode.ENFORCE || errors().isEmpty();
  }

  /**
   * The findings that deny the request in enforce mode: the errors, except those that rest on a
   * contract inferred from the object alone (no configuration, CRD or catalogue entry behind it),
   * which only warn: a guess about someone else's condition type must not block their controller.
   */
  public List<Finding> errors() {
    return findings.stream().filter(f -> f.severity() == Severity.ERROR && !f.restsOnInference()).toList();
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
    return notes.isEmpty() && warnedFindings().isEmpty() ? Outcome.ALLOW : Outcome.WARN;
  }

  /** The admission warnings this decision returns: none in audit mode, except notes about the check. */
  public List<String> warnings() {
    return Warnings.of(warnedFindings(), notes);
  }

  /** The findings the client is warned of: all of them, except in audit mode, which only logs them. */
  private List<Finding> warnedFindings() {
    return mode == AdmissionMode.AUDIT ? List.of() : findings;
  }

  /** The distinct rule ids of the findings, in report order. */
  public List<String> ruleIds() {
    return findings.stream().map(Finding::ruleId).distinct().toList();
  }
}
