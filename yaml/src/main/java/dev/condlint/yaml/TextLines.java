package dev.condlint.yaml;

import java.util.Arrays;

/**
 * Where each line of a text starts, found once, for the few questions asked by line (what precedes a
 * comment, which line a suppression targets) without splitting the text into strings.
 */
final class TextLines {
  private final String text;
  private int[] starts;
  private int count;

  TextLines(String text) {
    this.text = text;
  }

  /** How many lines the text has (a final line break starts an empty last line). */
  int count() {
    index();
    return count;
  }

  /** Whether anything but blanks stands on this 1-based line before this 1-based column (in code points). */
  boolean codeBefore(int line, int column) {
    int i = start(line);
    for (int seen = 1; seen < column && i < text.length() && !isBreak(text.charAt(i)); seen++) {
      int cp = text.codePointAt(i);
      if (!Character.isWhitespace(cp)) {
        return true;
      }
      i += Character.charCount(cp);
    }
    return false;
  }

  /** Whether this 1-based line holds nothing but blanks, or a comment. */
  boolean blankOrComment(int line) {
    for (int i = start(line); i < text.length() && !isBreak(text.charAt(i)); i++) {
      char c = text.charAt(i);
      if (c == '#') {
        return true;
      }
      if (!Character.isWhitespace(c)) {
        return false;
      }
    }
    return true;
  }

  private int start(int line) {
    index();
    return starts[line - 1];
  }

  private static boolean isBreak(char c) {
    return c == '\n' || c == '\r';
  }

  /** Lines end at {@code \n}, {@code \r\n} or a lone {@code \r}, as YAML's do. */
  private void index() {
    if (starts != null) {
      return;
    }
    int[] found = new int[16];
    int n = 0;
    found[n++] = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n')) {
        if (n == found.length) {
          found = Arrays.copyOf(found, n * 2);
        }
        found[n++] = i + 1;
      }
    }
    starts = found;
    count = n;
  }
}
