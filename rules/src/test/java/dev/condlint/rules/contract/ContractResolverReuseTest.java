package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A resolver keeps what the sources that read nothing of the object say of a kind's list, per kind, path
 * and profile: another profile, or another object of the kind, still gets its own contract.
 */
class ContractResolverReuseTest {
  private static final ContractResolver RESOLVER = ContractResolver.of(Ruleset.builtIn().catalogue());

  private static ProfileKnowledge profile(String name, Polarity polarityOfFoo) {
    ListSpec spec = new ListSpec(Optional.empty(), Map.of(), Map.of("Foo", polarityOfFoo), Map.of(),
        Optional.empty(), Optional.empty());
    return new ProfileKnowledge(spec, new ContractBasis(ContractBasis.Source.CONFIG, "profile " + name), false);
  }

  private static ListContract contract(JsonNode object, ProfileKnowledge profile) {
    return RESOLVER.resolve(object, ConditionLists.find(object), profile).list("/status/conditions").orElseThrow();
  }

  private static final JsonNode WIDGET = YamlFixtures.tree("""
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: w}
      status:
        conditions:
        - {type: Foo, status: "True"}
      """);

  @Test
  void eachProfileGetsItsOwnPolarities() {
    ProfileKnowledge abnormal = profile("a", Polarity.ABNORMAL_TRUE);
    ProfileKnowledge normal = profile("b", Polarity.NORMAL_TRUE);
    assertEquals(Polarity.ABNORMAL_TRUE, contract(WIDGET, abnormal).polarity("Foo").orElseThrow().value());
    assertEquals(Polarity.NORMAL_TRUE, contract(WIDGET, normal).polarity("Foo").orElseThrow().value());
    assertEquals(Polarity.ABNORMAL_TRUE, contract(WIDGET, abnormal).polarity("Foo").orElseThrow().value());
    assertEquals(new ContractBasis(ContractBasis.Source.CONFIG, "profile b"),
        contract(WIDGET, normal).polarity("Foo").orElseThrow().basis());
  }

  @Test
  void whatAnObjectShowsIsStillReadFromEachObject() {
    ProfileKnowledge profile = profile("a", Polarity.ABNORMAL_TRUE);
    JsonNode withGeneration = YamlFixtures.tree("""
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        status:
          conditions:
          - {type: Foo, status: "True", observedGeneration: 1}
        """);
    assertEquals(Optional.empty(), contract(WIDGET, profile).generation());
    assertEquals(GenerationTracking.CONDITION, contract(withGeneration, profile).generation().orElseThrow().value());
    assertEquals(Optional.empty(), contract(WIDGET, profile).generation());
  }
}
