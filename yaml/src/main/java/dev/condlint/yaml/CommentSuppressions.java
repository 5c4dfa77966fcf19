package dev.condlint.yaml;

import dev.condlint.model.LineSuppression;
import dev.condlint.model.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns {@code # condlint:ignore rule-a,rule-b -- why} comments into line suppressions. A trailing
 * comment targets its own line; a comment on a line of its own targets the next line that holds
 * something other than a comment or blanks.
 */
public final class CommentSuppressions {
  private static final String MARKER = "condlint:ignore";
  private static final Pattern DIRECTIVE = Pattern.compile("^\\s*" + Pattern.quote(MARKER) + "(?:\\s+(.*))?$");
  private static final Pattern REASON = Pattern.compile("(?:^|\\s)--(?:\\s|$)");

  private CommentSuppressions() {}

  /** Whether a text may hold a directive; one without it has no comment worth reading. */
  public static boolean mayHold(String text) {
    return text.contains(MARKER);
  }

  /** The suppressions among a file's comments, in source order. */
  public static List<LineSuppression> from(List<Comment> comments, String text) {
    TextLines lines = new TextLines(text);
    List<LineSuppression> out = new ArrayList<>();
    comments.forEach(c -> of(c, lines).ifPresent(out::add));
    return out;
  }

  /** The suppression a comment writes, if it is a directive that names a rule. */
  static Optional<LineSuppression> of(Comment c, TextLines lines) {
    Matcher m = DIRECTIVE.matcher(c.text());
    if (!m.matches() || m.group(1) == null) {
      return Optional.empty();
    }
    String body = m.group(1);
    Matcher reason = REASON.matcher(body);
    boolean explained = reason.find();
    String ids = explained ? body.substring(0, reason.start()) : body;
    String why = explained ? body.substring(reason.end()).trim() : "";
    Set<String> rules = new LinkedHashSet<>();
    Arrays.stream(ids.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(rules::add);
    if (rules.isEmpty()) {
      return Optional.empty();
    }
    int target = c.trailing() ? c.at().line() : nextCodeLine(lines, c.at().line());
    return Optional.of(new LineSuppression(target, rules, why, new Position(c.at().line(), c.at().column())));
  }

  private static int nextCodeLine(TextLines lines, int commentLine) {
    for (int line = commentLine + 1; line <= lines.count(); line++) {
      if (!lines.blankOrComment(line)) {
        return line;
      }
    }
    return commentLine + 1;
  }
}
