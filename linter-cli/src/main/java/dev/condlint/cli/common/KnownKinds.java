package dev.condlint.cli.common;

import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.text.Suggestions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The kinds an engine's configuration and catalogue name, for a "did you mean" where a user typed another. */
public final class KnownKinds {
  private KnownKinds() {}

  /**
   * The kind ({@code Kind.group}) of the configuration's or the catalogue's entries nearest to what a
   * user typed, when it may be a typo of it (entries of a group pattern left out).
   */
  public static Optional<String> nearest(Engine engine, String typed) {
    Set<String> known = new TreeSet<>();
    List<ContractSpec> entries = new ArrayList<>(engine.config().contractConfig().entries());
    entries.addAll(engine.contracts().resolver().catalogue().entries());
    for (ContractSpec entry : entries) {
      String group = entry.group().pattern();
      if (!group.contains("*")) {
        entry.kinds().forEach(kind -> known.add(group.isEmpty() ? kind : kind + "." + group));
      }
    }
    return Suggestions.closest(typed, known).filter(s -> !s.equals(typed));
  }
}
