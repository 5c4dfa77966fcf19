package dev.condlint.rules.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Rules by id, in the order given; two rules with one id are an error. */
public final class RuleRegistry {
  private final Map<String, Rule> byId = new LinkedHashMap<>();

  public RuleRegistry(List<? extends Rule> rules) {
    for (Rule r : rules) {
      RuleInfo info = r.info();
      if (byId.putIfAbsent(info.id(), r) != null) {
        throw new IllegalStateException("two rules with id " + info.id());
      }
    }
  }

  public List<Rule> rules() {
    return List.copyOf(byId.values());
  }

  public Optional<Rule> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  /**
   * The rule of an id, or of a catalogue code ({@code A09}, any case) as docs/rules-summary.md lists
   * rules: what a user may type wherever a rule is named.
   */
  public Optional<Rule> findByIdOrCode(String idOrCode) {
    return find(idOrCode).or(() -> byId.values().stream()
        .filter(r -> !r.info().code().isBlank() && r.info().code().equalsIgnoreCase(idOrCode))
        .findFirst());
  }

  public boolean contains(String id) {
    return byId.containsKey(id);
  }
}
