package dev.condlint.rules.api;

import dev.condlint.rules.catalogue.crd.CrdRules;
import dev.condlint.rules.catalogue.deadline.KstatusRules;
import dev.condlint.rules.catalogue.ecosystem.EcosystemRules;
import dev.condlint.rules.catalogue.generation.GenerationRules;
import dev.condlint.rules.catalogue.meta.MetaRules;
import dev.condlint.rules.catalogue.sample.SchemaRules;
import dev.condlint.rules.catalogue.semantics.SemanticRules;
import dev.condlint.rules.catalogue.shape.ShapeRules;
import dev.condlint.rules.catalogue.transition.TransitionRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The single list of rules: the engine runs it, the CLI lists it, the reference is built from it. */
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

  /** Every built-in rule, in catalogue order (A, B, C, D, E, F, then the rest). */
  public static RuleRegistry builtIn() {
    List<Rule> all = new ArrayList<>();
    all.addAll(ShapeRules.all());
    all.addAll(SemanticRules.all());
    all.addAll(GenerationRules.all());
    all.addAll(TransitionRules.all());
    all.addAll(CrdRules.all());
    all.addAll(EcosystemRules.all());
    all.addAll(KstatusRules.all());
    all.addAll(SchemaRules.all());
    all.addAll(MetaRules.all());
    return new RuleRegistry(all);
  }

  public List<Rule> rules() {
    return List.copyOf(byId.values());
  }

  public Optional<Rule> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  public boolean contains(String id) {
    return byId.containsKey(id);
  }
}
