package dev.condlint.rules.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.ContractResolver;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.ObjectContract;

/**
 * The contracts an engine's rules see: its resolver (configuration, CRDs, catalogue), asked with what
 * the profile the engine chooses for an object says. What {@code condlint explain} shows.
 */
public final class ContractView {
  private final ContractResolver resolver;
  private final ProfileChoice profiles;

  ContractView(ContractResolver resolver, ProfileChoice profiles) {
    this.resolver = resolver;
    this.profiles = profiles;
  }

  /** Where the contracts come from: the configuration, the CRDs and the catalogue. */
  public ContractResolver resolver() {
    return resolver;
  }

  /** The contract of each of the object's condition lists, as the rules see it. */
  public ObjectContract of(JsonNode object) {
    return resolver.resolve(object, ConditionLists.find(object), profiles.knowledgeFor(object));
  }

  /**
   * What the configuration, the CRDs, the catalogue and the object's profile say of the list at a path
   * ({@code status.conditions}) of the object's kind, with nothing inferred from the object itself.
   */
  public ListContract declared(JsonNode object, String listPath) {
    return resolver.declared(ObjectRef.of(object), listPath, profiles.knowledgeFor(object));
  }
}
