package dev.condlint.rules.testing;

import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One finding an example expects, read from a {@code # want} marker ({@link WantMarkers}): on
 * {@code line} of the example as the engine reads it (markers removed), of rule {@code ruleId}, with a
 * message that contains {@code fragment}, and, where the marker gives them, at {@code column}, of
 * {@code severity}, at {@code pointer} and resting on {@code basis}.
 *
 * @param markerLine the line of the marker in the file as written, for messages to its author
 * @param basis the finding's basis as it prints ({@code inferred: ...}), or {@code none} for a finding
 *     that rests on no basis
 */
public record Want(
    int line,
    int markerLine,
    OptionalInt column,
    Optional<Severity> severity,
    String ruleId,
    Optional<String> pointer,
    String fragment,
    Optional<String> basis) {

  /** What a marker writes for a finding without a basis. */
  public static final String NO_BASIS = "none";

  /** Whether the finding is the one this marker expects. */
  public boolean matches(Finding finding) {
    return mismatches(finding).isEmpty();
  }

  /** What of this finding differs from the marker, in words; empty when it matches. */
  public List<String> mismatches(Finding finding) {
    List<String> differs = new ArrayList<>();
    int findingLine = finding.position().map(p -> p.line()).orElse(-1);
    if (findingLine != line) {
      differs.add(finding.position().isEmpty() ? "it has no position" : "its line is " + findingLine + ", not " + line);
    }
    if (!finding.ruleId().equals(ruleId)) {
      differs.add("its rule is " + finding.ruleId() + ", not " + ruleId);
    }
    column.ifPresent(c -> {
      int at = finding.position().map(p -> p.column()).orElse(-1);
      if (at != c) {
        differs.add("its column is " + at + ", not " + c);
      }
    });
    severity.ifPresent(s -> {
      if (finding.severity() != s) {
        differs.add("its severity is " + finding.severity().label() + ", not " + s.label());
      }
    });
    pointer.ifPresent(p -> {
      if (!finding.pointer().equals(p)) {
        differs.add("its pointer is " + shown(finding.pointer()) + ", not " + shown(p));
      }
    });
    if (!finding.message().contains(fragment)) {
      differs.add("its message does not contain " + quoted(fragment));
    }
    basis.ifPresent(b -> {
      String has = basisOf(finding);
      if (!has.equals(b)) {
        differs.add("its basis is " + has + ", not " + b);
      }
    });
    return differs;
  }

  /** The marker as it would be written: {@code # want :13 error rule-id /pointer "fragment"}. */
  public String marker() {
    return marker(column, severity, ruleId, pointer, fragment) + basis.map(b -> " basis " + shownBasis(b)).orElse("");
  }

  /** Whether the marker states everything of its finding: column, severity and pointer (the line is its place). */
  public boolean isComplete() {
    return column.isPresent() && severity.isPresent() && pointer.isPresent();
  }

  /** A finding's basis as a marker writes it: as it prints, or {@link #NO_BASIS}. */
  public static String basisOf(Finding finding) {
    return finding.basis().map(Object::toString).orElse(NO_BASIS);
  }

  private static String shownBasis(String basis) {
    return basis.equals(NO_BASIS) ? basis : quoted(basis);
  }

  /** The marker that expects exactly this finding, with a fragment of its message, for an author to paste. */
  public static String markerFor(Finding finding, String fragment) {
    return marker(
        finding.position().map(p -> OptionalInt.of(p.column())).orElse(OptionalInt.empty()),
        Optional.of(finding.severity()), finding.ruleId(), Optional.of(finding.pointer()), fragment);
  }

  private static String marker(
      OptionalInt column, Optional<Severity> severity, String ruleId, Optional<String> pointer, String fragment) {
    StringBuilder marker = new StringBuilder("# want");
    column.ifPresent(c -> marker.append(" :").append(c));
    severity.ifPresent(s -> marker.append(' ').append(s.label()));
    marker.append(' ').append(ruleId);
    pointer.ifPresent(p -> marker.append(' ').append(shown(p)));
    return marker.append(' ').append(quoted(fragment)).toString();
  }

  /** A JSON pointer as markers and finding lines write it: the root is {@code /}. */
  static String shown(String pointer) {
    return pointer.isEmpty() ? "/" : pointer;
  }

  static String quoted(String fragment) {
    return fragment.contains("\"") ? "'" + fragment + "'" : "\"" + fragment + "\"";
  }
}
