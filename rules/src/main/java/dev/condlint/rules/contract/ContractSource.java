package dev.condlint.rules.contract;

import java.util.List;
import java.util.Set;

/** One source of condition contracts, for one {@link Precedence}: what it says of each kind. */
interface ContractSource {

  Precedence precedence();

  /** What it says of a kind, given what the stronger sources said of it; asked once per kind and run. */
  Testimony about(KindQuery kind, List<Testimony> stronger);

  /**
   * The API versions of a group's kind it names, given those the stronger sources named; {@code
   * categories} are those of the kind's CRDs among the run's.
   */
  default List<String> versions(String group, String kind, Set<String> categories, List<ContractSource> stronger,
      List<String> named) {
    return List.of();
  }

  /** Whether it has an entry for every version of the kind. */
  default boolean speaksForEveryVersion(String group, String kind, Set<String> categories) {
    return false;
  }
}
