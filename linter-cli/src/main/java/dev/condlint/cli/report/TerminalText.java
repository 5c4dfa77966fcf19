package dev.condlint.cli.report;

/**
 * Text from input files (names, quoted values, messages) made safe to print on a terminal, on one
 * line: every character a terminal acts on rather than shows is escaped. A line feed, carriage
 * return or tab becomes {@code \\n}, {@code \\r} or {@code \\t}, as Go and JSON quote them, so a
 * multi-line message reads as it was written; every other such character becomes {@code \\uXXXX}.
 * That is the C0 controls (escape sequences that recolour, move the cursor or retitle the window
 * start with ESC; a line break would forge an output line), DEL, the C1 controls (U+009B opens an
 * escape sequence by itself), the line and paragraph separators, and the bidirectional controls that
 * reorder what is displayed.
 */
public final class TerminalText {
  private TerminalText() {}

  public static String escape(String text) {
    if (text.codePoints().noneMatch(TerminalText::isControl)) {
      return text;
    }
    StringBuilder b = new StringBuilder(text.length() + 16);
    text.codePoints().forEach(c -> {
      if (c == '\n') {
        b.append("\\n");
      } else if (c == '\r') {
        b.append("\\r");
      } else if (c == '\t') {
        b.append("\\t");
      } else if (isControl(c)) {
        b.append(String.format("\\u%04X", c));
      } else {
        b.appendCodePoint(c);
      }
    });
    return b.toString();
  }

  private static boolean isControl(int c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F)
        || c == 0x061C || c == 0x200E || c == 0x200F || c == 0x2028 || c == 0x2029
        || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
  }
}
