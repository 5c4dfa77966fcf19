package dev.condlint.model;

import java.util.Comparator;
import java.util.Optional;

/**
 * One problem: which rule, how severe, what is wrong and why ({@code message}), how to fix it
 * ({@code hint}), where ({@code pointer}, and {@code position} when the document has a source map),
 * and in which object.
 */
public record Finding(
    String ruleId,
    Severity severity,
    String message,
    String hint,
    String pointer,
    ObjectRef object,
    Optional<Position> position) {

  /** Source order, then rule id: the order every front end reports in. */
  public static final Comparator<Finding> SOURCE_ORDER =
      Comparator.comparing((Finding f) -> f.position().orElse(null),
              Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Finding::pointer)
          .thenComparing(Finding::ruleId)
          .thenComparing(Finding::message);
}
