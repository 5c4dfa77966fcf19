package dev.condlint.rules.contract;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The condition types that summarise an object's health, and whether one of them is enough (Ready or
 * Succeeded) or every one must be present (Gateway API's Accepted and Programmed); and, where the
 * kind's API says so, which types each summary sums up ({@code sumsUp}): Karpenter's NodeClaim Ready
 * sums up Launched, Registered and Initialized and nothing else; OpenShift's ClusterOperator Available
 * sums up none of its siblings ("a service may be Available even if its degraded").
 *
 * @param sumsUp summary type to the types it sums up; a summary type absent here is one whose source
 *     does not say
 */
public record Summary(List<String> types, boolean all, Map<String, Set<String>> sumsUp) {
  public Summary {
    types = List.copyOf(types);
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    sumsUp.forEach((k, v) -> copy.put(k, Set.copyOf(v)));
    sumsUp = Collections.unmodifiableMap(copy);
  }

  public Summary(List<String> types, boolean all) {
    this(types, all, Map.of());
  }

  /** {@code Ready}, {@code Ready or Succeeded (any one)}, {@code Accepted and Programmed (every one)}. */
  public String describe() {
    if (types.size() == 1) {
      return types.get(0);
    }
    return all ? String.join(" and ", types) + " (every one)" : String.join(" or ", types) + " (any one)";
  }

  public boolean contains(String type) {
    return types.contains(type);
  }

  /** The types a summary type sums up, where the source says; empty where it does not. */
  public Optional<Set<String>> sumsUp(String summaryType) {
    return Optional.ofNullable(sumsUp.get(summaryType));
  }
}
