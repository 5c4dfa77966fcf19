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

  public boolean contains(String type) {
    return types.contains(type);
  }
}
