package dev.condlint.webhook;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Label values taken from requests, bounded: anyone who can reach the port chooses them, and each
 * distinct value is a time series kept for the life of the process. A value that is not well formed,
 * or that comes after {@code max} distinct ones, is counted as {@value #OTHER}.
 */
final class BoundedLabels {
  static final String OTHER = "other";

  private final int max;
  private final Predicate<String> wellFormed;
  private final Set<String> known = ConcurrentHashMap.newKeySet();

  BoundedLabels(int max, Predicate<String> wellFormed) {
    this.max = max;
    this.wellFormed = wellFormed;
  }

  /** A fixed set of values; anything else is {@value #OTHER}. */
  static BoundedLabels of(Set<String> values) {
    BoundedLabels labels = new BoundedLabels(values.size(), values::contains);
    labels.known.addAll(values);
    return labels;
  }

  String of(String value) {
    if (known.contains(value)) {
      return value;
    }
    if (!wellFormed.test(value)) {
      return OTHER;
    }
    synchronized (known) {
      if (known.size() < max) {
        known.add(value);
        return value;
      }
    }
    return known.contains(value) ? value : OTHER;
  }
}
