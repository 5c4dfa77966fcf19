package dev.condlint.rules.contract;

import java.util.Set;

/**
 * What a condition type's schema says of its fields' values beyond their presence: the fields held to
 * a pattern (metav1.Condition's type and reason), the times held to RFC 3339 ({@code format: date-time},
 * a Go {@code metav1.Time}), the times that are plain strings (Strimzi's Java {@code String}), and the
 * statuses it allows besides True, False and Unknown (prometheus-operator's Degraded). A time in neither
 * set is one the schema says nothing of.
 */
public record FieldFormats(
    Set<String> patterned, Set<String> dateTimes, Set<String> plainTimes, Set<String> otherStatuses) {
  public static final FieldFormats NONE = new FieldFormats(Set.of(), Set.of(), Set.of(), Set.of());

  public FieldFormats {
    patterned = Set.copyOf(patterned);
    dateTimes = Set.copyOf(dateTimes);
    plainTimes = Set.copyOf(plainTimes);
    otherStatuses = Set.copyOf(otherStatuses);
  }
}
