package dev.condlint.rules.config;

import java.nio.file.FileSystems;
import java.util.Optional;
import java.util.regex.PatternSyntaxException;

/**
 * The globs of {@code exclude}: java.nio's glob syntax, checked by the JDK's own path matcher (which
 * the file walker uses), and described for the JSON Schema by {@link #VALID}.
 */
final class PathGlobs {
  /** A character of a class that may start a range: anything but its end, a name separator or a dash. */
  private static final String SINGLE = "[^\\]/-]";
  private static final String BODY = "(?:" + SINGLE + "(?:-[^\\]])?)*(?:" + SINGLE + "-)?";
  /**
   * A class: {@code [^...]} is a caret and more, {@code [!...]} negates, a dash may come first; it may
   * not be empty, and a range ends a run (no dash after it).
   */
  private static final String CLASS =
      "\\[(?:\\^" + BODY + "|!-" + BODY + "|!(?!\\])" + BODY + "|-" + BODY + "|(?![!^\\]])" + BODY + ")\\]";
  private static final String ESCAPE = "\\\\[\\s\\S]";

  /**
   * What the JDK's glob syntax accepts, as a regular expression (Java's and ECMA 262's alike): escapes,
   * classes, groups that do not nest, no backslash at the end. It cannot say that a range runs upwards
   * ({@code [z-a]} is refused by the matcher only).
   */
  static final String VALID = "^(?:" + ESCAPE + "|" + CLASS + "|\\{(?:" + ESCAPE + "|" + CLASS + "|[^\\\\\\[{}])*\\}"
      + "|[^\\\\\\[{])*$";

  private PathGlobs() {}

  /** What the JDK's path matcher finds wrong with a glob, if anything. */
  static Optional<String> problem(String glob) {
    try {
      FileSystems.getDefault().getPathMatcher("glob:" + glob);
      return Optional.empty();
    } catch (PatternSyntaxException e) {
      return Optional.of("'" + glob + "' is not a valid glob (" + e.getDescription() + " at index " + e.getIndex() + ")");
    }
  }
}
