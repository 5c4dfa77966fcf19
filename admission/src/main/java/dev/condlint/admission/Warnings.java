package dev.condlint.admission;

import dev.condlint.model.Finding;
import java.util.ArrayList;
import java.util.List;

/**
 * Formats findings as admission warnings within the API server's limits: each at most
 * {@value #MAX_WARNING} characters and all together at most {@value #MAX_TOTAL}, with no control
 * characters (the API server silently drops a warning with one); what does not fit is counted in one
 * last warning.
 */
public final class Warnings {
  public static final int MAX_WARNING = 256;
  public static final int MAX_TOTAL = 4096;
  /**
   * The most warnings that can fit: the shortest finding warns in 8 characters ({@code info x: }), so
   * {@link #of} never shows more findings than this; a caller may keep this many and count the rest.
   */
  public static final int MAX_WARNINGS = MAX_TOTAL / 8;
  // Room kept for the closing "N more" warning, so it always fits.
  private static final int RESERVED = 160;
  // A sentence boundary this early would leave too little of the message; cut mid-sentence instead.
  private static final int MIN_SENTENCE_CUT = 100;

  private Warnings() {}

  /** Notes first (they say the check itself was incomplete), then findings in the given order. */
  public static List<String> of(List<Finding> findings, List<String> notes) {
    return of(findings, findings.size(), notes);
  }

  /**
   * Notes first, then the first findings in the given order, of {@code findingCount} in all: the
   * caller may keep only the first {@link #MAX_WARNINGS} and count the rest.
   */
  public static List<String> of(List<Finding> findings, int findingCount, List<String> notes) {
    int count = notes.size() + findingCount;
    List<String> kept = new ArrayList<>();
    int total = 0;
    for (int i = 0; i < count; i++) {
      int finding = i - notes.size();
      if (finding >= findings.size()) {
        // Not kept by the caller: there are more than fit.
        kept.add(leftOut(count - i));
        break;
      }
      String w = finding < 0 ? cut(notes.get(i)) : cut(format(findings.get(finding)));
      boolean isLast = i == count - 1;
      int budget = MAX_TOTAL - (isLast ? 0 : RESERVED);
      if (total + w.length() > budget) {
        int left = count - i;
        kept.add(leftOut(left));
        break;
      }
      kept.add(w);
      total += w.length();
    }
    return kept;
  }

  private static String leftOut(int left) {
    return left + " more condlint finding" + (left == 1 ? " was" : "s were")
        + " left out to stay within the API server's warning limits; run `condlint review` on the request to see all";
  }

  /** {@code warning condition-type-pascalcase at status.conditions[0].type: message}. */
  public static String format(Finding f) {
    String at = FieldPaths.of(f.pointer());
    return f.severity().label() + " " + f.ruleId() + (at.isEmpty() ? "" : " at " + at) + ": " + f.message();
  }

  /** Printable and at most {@value #MAX_WARNING} characters: what a warning, or a denial's cause, may hold. */
  static String cut(String text) {
    return truncate(printable(text));
  }

  /**
   * Writes each control character (C0, DEL and C1, the ones Go's {@code unicode.IsControl} knows) as its
   * JSON-style escape (backslash, u, four hex digits). The API server drops a warning that holds one,
   * and a terminal would act on it.
   */
  static String printable(String text) {
    if (text.chars().noneMatch(Character::isISOControl)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    text.chars().forEach(c -> {
      if (Character.isISOControl(c)) {
        out.append(String.format("\\u%04x", c));
      } else {
        out.append((char) c);
      }
    });
    return out.toString();
  }

  /** Over the limit, ends at the last whole sentence that fits, or cuts with an ellipsis. */
  static String truncate(String warning) {
    if (warning.codePointCount(0, warning.length()) <= MAX_WARNING) {
      return warning;
    }
    String head = warning.substring(0, warning.offsetByCodePoints(0, MAX_WARNING - 1));
    int sentenceEnd = Math.max(head.lastIndexOf(". "), head.lastIndexOf("; "));
    if (sentenceEnd >= MIN_SENTENCE_CUT) {
      return head.substring(0, sentenceEnd) + ".";
    }
    return head + "…";
  }
}
