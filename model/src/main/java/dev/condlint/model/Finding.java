package dev.condlint.model;

import java.util.Comparator;
import java.util.Optional;

/**
 * One problem: which rule, how severe, what is wrong and why ({@code message}), how to fix it
 * ({@code hint}), where ({@code pointer}, and {@code position} when the document has a source map),
 * and in which object; where it depends on what condlint knows of the object's condition type, the
 * {@code basis} of that knowledge; and for a required field that is absent, the field's name
 * ({@code missingField}).
 */
public record Finding(
    String ruleId,
    Severity severity,
    String message,
    String hint,
    String pointer,
    ObjectRef object,
    Optional<Position> position,
    Optional<ContractBasis> basis,
    Optional<String> missingField) {

  /** A finding that rests on nothing condlint knows of the condition type. */
  public Finding(
      String ruleId, Severity severity, String message, String hint, String pointer, ObjectRef object,
      Optional<Position> position) {
    this(ruleId, severity, message, hint, pointer, object, position, Optional.empty(), Optional.empty());
  }

  /** Whether the finding rests on a contract inferred from the object alone (no configuration, CRD or catalogue). */
  public boolean restsOnInference() {
    return basis.map(b -> !b.source().isDeclared()).orElse(false);
  }

  /** The same finding with its pointer taken from {@code at}, where its object stands in its document. */
  public Finding at(String at) {
    return at.isEmpty() ? this
        : new Finding(ruleId, severity, message, hint, at + pointer, object, position, basis, missingField);
  }

  /** Source order, then rule id: the order every front end reports in. */
  public static final Comparator<Finding> SOURCE_ORDER =
      Comparator.comparing((Finding f) -> f.position().orElse(null),
              Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Finding::pointer)
          .thenComparing(Finding::ruleId)
          .thenComparing(Finding::message);
}
