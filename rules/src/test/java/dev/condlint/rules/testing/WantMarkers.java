package dev.condlint.rules.testing;

import dev.condlint.model.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the {@code # want} markers of an example file: the findings it expects, written where they
 * are (the idea of kube-api-linter's {@code // want} and Error Prone's {@code // BUG: Diagnostic
 * contains:}).
 *
 * <pre>
 * # want [:COLUMN] [SEVERITY] RULE-ID [POINTER] "FRAGMENT" [basis "BASIS" | basis none]
 * </pre>
 *
 * <p>A marker is a finding line as {@code docs/rules.md} prints it ({@code LINE:COLUMN SEVERITY RULE-ID
 * POINTER MESSAGE}) with the line left out, since the marker's place gives it, and the message cut to
 * a fragment it must contain, in double quotes (or single quotes, for a fragment with a double quote).
 * The rule id and the fragment are required; the column ({@code :13}), the severity ({@code error},
 * {@code warning} or {@code info}) and the JSON pointer ({@code /status/conditions/0/status}; {@code /}
 * for the root) are asserted when given, and so is the basis the finding rests on, as it prints
 * ({@code basis "inferred: no declared condition schema; ..."}; {@code basis none} for a finding that
 * rests on none). A marker at the end of a line is about that line; a marker on
 * a line of its own is about the next line that is not a marker, so several findings on one line are
 * several marker lines above it:
 *
 * <pre>
 *     status: "true"  # want :13 error condition-status-value /status/conditions/0/status "has status"
 *     # want :10 info status-phase-field /status/phase "is a phase field"
 *     # want :10 warning landscaper-timeout-failure-inconsistent /status/phase "but phase is"
 *     phase: Succeeded
 * </pre>
 *
 * <p>The engine reads the example without its markers (a marker line is removed, an end-of-line marker
 * cut off with the blanks before it), which is also what {@code docs/rules.md} shows; line numbers are
 * those of that text. A marker cannot stand inside a block scalar ({@code |}, {@code >}), whose
 * lines are text.
 */
public final class WantMarkers {

  /** The text the engine reads, the markers it must satisfy, and where each of its lines was written. */
  public record Marked(String text, List<Want> wants, int[] writtenLines) {
    /** The line of the file as written that holds line {@code line} of {@link #text}. */
    public int writtenLine(int line) {
      return line >= 1 && line <= writtenLines.length ? writtenLines[line - 1] : line;
    }
  }

  public static final String SYNTAX =
      "# want [:COLUMN] [SEVERITY] RULE-ID [POINTER] \"MESSAGE FRAGMENT\" [basis \"BASIS\" | basis none]";

  /** A comment that starts with the word want: at the start of a line or after a blank. */
  private static final Pattern MARKER = Pattern.compile("(?:^|[ \\t])(#[ \\t]*want(?:[ \\t].*)?)$");

  private static final Pattern BODY = Pattern.compile(
      "#[ \\t]*want"
          + "(?:[ \\t]+:(?<column>[0-9]+))?"
          + "(?:[ \\t]+(?<severity>error|warning|info))?"
          + "[ \\t]+(?<rule>[a-z0-9]+(?:-[a-z0-9]+)*)"
          + "(?:[ \\t]+(?<pointer>/[^ \\t\"']*))?"
          + "[ \\t]+(?:\"(?<dq>[^\"]+)\"|'(?<sq>[^']+)')"
          + "(?:[ \\t]+basis[ \\t]+(?:(?<none>none)|\"(?<bdq>[^\"]+)\"|'(?<bsq>[^']+)'))?"
          + "[ \\t]*");

  private WantMarkers() {}

  /**
   * The markers of a file and its text without them; fails, naming the file and line, on a marker that
   * does not follow {@link #SYNTAX} or that has no line below it.
   */
  public static Marked read(String name, String written) {
    String[] lines = written.split("\n", -1);
    StringBuilder text = new StringBuilder();
    List<Want> wants = new ArrayList<>();
    List<Integer> writtenLines = new ArrayList<>();
    List<int[]> pending = new ArrayList<>();
    List<String> pendingBodies = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      int writtenLine = i + 1;
      String line = lines[i];
      Matcher m = MARKER.matcher(line);
      if (!m.find()) {
        writtenLines.add(writtenLine);
        appendLine(text, line, i == lines.length - 1);
        flush(name, pending, pendingBodies, writtenLines.size(), wants);
        continue;
      }
      String before = line.substring(0, m.start(1)).stripTrailing();
      if (before.isBlank()) {
        pending.add(new int[] {writtenLine});
        pendingBodies.add(m.group(1));
        continue;
      }
      writtenLines.add(writtenLine);
      appendLine(text, before, i == lines.length - 1);
      wants.add(parse(name, writtenLine, writtenLines.size(), m.group(1)));
      flush(name, pending, pendingBodies, writtenLines.size(), wants);
    }
    if (!pending.isEmpty()) {
      throw new AssertionError(name + ":" + pending.get(0)[0]
          + ": a marker on a line of its own is about the next line, but no line follows it");
    }
    wants.sort(java.util.Comparator.comparingInt(Want::line).thenComparingInt(Want::markerLine));
    return new Marked(text.toString(), List.copyOf(wants), writtenLines.stream().mapToInt(Integer::intValue).toArray());
  }

  private static void appendLine(StringBuilder text, String line, boolean last) {
    text.append(line);
    if (!last) {
      text.append('\n');
    }
  }

  /** The markers waiting on a line of their own are about the line just read. */
  private static void flush(String name, List<int[]> pending, List<String> bodies, int line, List<Want> wants) {
    for (int i = 0; i < pending.size(); i++) {
      wants.add(parse(name, pending.get(i)[0], line, bodies.get(i)));
    }
    pending.clear();
    bodies.clear();
  }

  private static Want parse(String name, int markerLine, int line, String body) {
    Matcher m = BODY.matcher(body);
    if (!m.matches()) {
      throw new AssertionError(name + ":" + markerLine + ": '" + body.strip() + "' is not a marker; write " + SYNTAX);
    }
    String pointer = m.group("pointer");
    return new Want(
        line,
        markerLine,
        m.group("column") == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(m.group("column"))),
        Optional.ofNullable(m.group("severity")).map(Severity::parse),
        m.group("rule"),
        Optional.ofNullable(pointer).map(p -> p.equals("/") ? "" : p),
        m.group("dq") != null ? m.group("dq") : m.group("sq"),
        m.group("none") != null ? Optional.of(Want.NO_BASIS)
            : Optional.ofNullable(m.group("bdq") != null ? m.group("bdq") : m.group("bsq")));
  }
}
