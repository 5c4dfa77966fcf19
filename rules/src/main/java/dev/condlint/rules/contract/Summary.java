package dev.condlint.rules.contract;

import java.util.List;

/**
 * The condition types that summarise an object's health, and whether one of them is enough (Ready or
 * Succeeded) or every one must be present (Gateway API's Accepted and Programmed).
 */
public record Summary(List<String> types, boolean all) {
  public Summary {
    types = List.copyOf(types);
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
}
