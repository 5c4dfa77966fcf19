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
  // Room kept for the closing "N more" warning, so it always fits.
  private static final int RESERVED = 160;
  // A sentence boundary this early would leave too little of the message; cut mid-sentence instead.
  private static final int MIN_SENTENCE_CUT = 100;

  private Warnings() {}

  /** Notes first (they say the check itself was incomplete), then findings in the given order. */
  public static List<String> of(List<Finding> findings, List<String> notes) {
    List<String> all = new ArrayList<>();
    notes.forEach(n -> all.add(cut(n)));
    findings.forEach(f -> all.add(cut(format(f))));
    List<String> kept = new ArrayList<>();
    int total = 0;
    for (int i = 0; i < all.size(); i++) {
      String w = all.get(i);
      boolean isLast = i == all.size() - 1;
      int budget = MAX_TOTAL - (isLast ? 0 : RESERVED);
      if (total + w.length() > budget) {
        int left = all.size() - i;
        kept.add(left + " more condlint finding" + (left == 1 ? " was" : "s were")
            + " left out to stay within the API server's warning limits; run `condlint review` on the request to see all");
        break;
      }
      kept.add(w);
      total += w.length();
    }
    return kept;
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
