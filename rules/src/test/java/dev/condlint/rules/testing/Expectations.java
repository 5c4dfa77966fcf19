package dev.condlint.rules.testing;

import dev.condlint.model.Finding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compares the findings of an example with its {@code # want} markers: each finding must match a
 * marker and each marker a finding, one to one. What does not match is said in the author's terms: the
 * file and the line as written, what differs from the nearest finding, and the marker that would
 * expect a finding nobody marked.
 */
public final class Expectations {
  private Expectations() {}

  /** Every finding without its marker and every marker without its finding; empty when they agree. */
  public static List<String> problems(String name, WantMarkers.Marked marked, List<Finding> findings) {
    List<Want> wants = marked.wants();
    int[] findingOf = match(wants, findings);
    boolean[] hasMarker = new boolean[findings.size()];
    Map<Integer, List<String>> byLine = new TreeMap<>();
    for (int w = 0; w < wants.size(); w++) {
      if (findingOf[w] >= 0) {
        hasMarker[findingOf[w]] = true;
      }
    }
    for (int w = 0; w < wants.size(); w++) {
      if (findingOf[w] < 0) {
        Want want = wants.get(w);
        byLine.computeIfAbsent(want.markerLine(), k -> new ArrayList<>())
            .add(name + ":" + want.markerLine() + ": no finding matches `" + want.marker() + "`"
                + about(want, marked) + ". " + nearest(want, findings, hasMarker));
      }
    }
    for (int f = 0; f < findings.size(); f++) {
      if (!hasMarker[f]) {
        Finding finding = findings.get(f);
        int line = finding.position().map(p -> marked.writtenLine(p.line())).orElse(0);
        String at = finding.position().map(p -> line + ":" + p.column()).orElse("-");
        byLine.computeIfAbsent(line, k -> new ArrayList<>())
            .add(name + ":" + at + ": no marker expects the finding " + described(finding)
                + (finding.position().isEmpty()
                    ? " A finding without a position cannot be marked."
                    : " Mark it with `" + Want.markerFor(finding, fragment(finding.message())) + "`."));
      }
    }
    return byLine.values().stream().flatMap(List::stream).toList();
  }

  /** A fragment of a message that a marker can quote: its first clause, cut at a word near 60 characters. */
  public static String fragment(String message) {
    String clause = message;
    for (String end : List.of("; ", ": ", ". ", " (")) {
      int i = clause.indexOf(end);
      if (i > 0) {
        clause = clause.substring(0, i);
      }
    }
    if (clause.length() > 60) {
      int cut = clause.lastIndexOf(' ', 60);
      clause = clause.substring(0, cut > 20 ? cut : 60);
    }
    if (clause.contains("\"") && clause.contains("'")) {
      clause = clause.substring(0, Math.min(clause.indexOf('"'), clause.indexOf('\''))).stripTrailing();
    }
    return clause.isEmpty() ? message.substring(0, Math.min(message.length(), 20)) : clause;
  }

  private static String about(Want want, WantMarkers.Marked marked) {
    int line = marked.writtenLine(want.line());
    return line == want.markerLine() ? "" : " (about line " + line + ")";
  }

  /** The unmarked findings of the marker's line and rule, and what differs in each; or that there are none. */
  private static String nearest(Want want, List<Finding> findings, boolean[] marked) {
    List<String> near = new ArrayList<>();
    List<String> onLine = new ArrayList<>();
    for (int f = 0; f < findings.size(); f++) {
      Finding finding = findings.get(f);
      if (marked[f] || finding.position().map(p -> p.line() != want.line()).orElse(true)) {
        continue;
      }
      if (finding.ruleId().equals(want.ruleId())) {
        near.add("(" + String.join("; ", want.mismatches(finding)) + "): " + described(finding));
      } else {
        onLine.add(described(finding));
      }
    }
    if (!near.isEmpty()) {
      return "The finding of " + want.ruleId() + " on that line differs " + String.join("; and ", near);
    }
    if (!onLine.isEmpty()) {
      return "That line has no finding of " + want.ruleId() + ", only: " + String.join(" | ", onLine);
    }
    return "That line has no finding left.";
  }

  /** A finding as a marker names it, the column after the colon, and its whole message: {@code :13 error rule-id /pointer message}. */
  private static String described(Finding finding) {
    return finding.position().map(p -> ":" + p.column() + " ").orElse("")
        + finding.severity().label() + " " + finding.ruleId() + " " + Want.shown(finding.pointer()) + " "
        + finding.message();
  }

  /** A one-to-one matching of markers to findings that matches as many as it can (Kuhn's algorithm). */
  private static int[] match(List<Want> wants, List<Finding> findings) {
    int[] findingOf = new int[wants.size()];
    int[] wantOf = new int[findings.size()];
    Arrays.fill(findingOf, -1);
    Arrays.fill(wantOf, -1);
    for (int w = 0; w < wants.size(); w++) {
      augment(w, wants, findings, findingOf, wantOf, new boolean[findings.size()]);
    }
    return findingOf;
  }

  private static boolean augment(
      int w, List<Want> wants, List<Finding> findings, int[] findingOf, int[] wantOf, boolean[] seen) {
    for (int f = 0; f < findings.size(); f++) {
      if (seen[f] || !wants.get(w).matches(findings.get(f))) {
        continue;
      }
      seen[f] = true;
      if (wantOf[f] < 0 || augment(wantOf[f], wants, findings, findingOf, wantOf, seen)) {
        findingOf[w] = f;
        wantOf[f] = w;
        return true;
      }
    }
    return false;
  }
}
