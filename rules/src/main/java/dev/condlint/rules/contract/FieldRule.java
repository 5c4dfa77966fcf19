package dev.condlint.rules.contract;

import java.util.List;
import java.util.Set;

/**
 * Whether a condition type requires one of its fields: always, only for some statuses (Knative asks a
 * reason of False conditions), or never; and whether a present value may be empty (metav1.Condition's
 * reason has minLength 1).
 */
public record FieldRule(boolean required, Set<String> whenStatus, boolean nonEmpty) {
  public static final FieldRule REQUIRED = new FieldRule(true, Set.of(), false);
  public static final FieldRule OPTIONAL = new FieldRule(false, Set.of(), false);

  public FieldRule {
    whenStatus = Set.copyOf(whenStatus);
  }

  public static FieldRule requiredWhen(Set<String> statuses) {
    return new FieldRule(true, statuses, false);
  }

  /** The same rule, for a field whose value may not be the empty string. */
  public FieldRule nonEmptyValue() {
    return new FieldRule(required, whenStatus, true);
  }

  /** Whether a condition with this status must carry the field. */
  public boolean requiredFor(String status) {
    return required && (whenStatus.isEmpty() || whenStatus.contains(status));
  }

  /** {@code required}, {@code optional} or {@code required when False}. */
  public String label() {
    if (!required) {
      return "optional";
    }
    return whenStatus.isEmpty() ? "required" : "required when " + String.join(" or ", List.copyOf(sorted()));
  }

  /** The label, and whether the value may be empty: {@code required, non-empty}. */
  public String describe() {
    return nonEmpty ? label() + ", non-empty" : label();
  }

  private List<String> sorted() {
    return whenStatus.stream().sorted().toList();
  }
}
