package dev.condlint.rules.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.Document;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.contract.ContractResolver;
import dev.condlint.rules.contract.ProfileKnowledge;
import dev.condlint.rules.schema.CrdCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ListFactTest {
  private static final ContractResolver RESOLVER = ContractResolver.of(Catalogue.builtIn());

  private static ObjectCheck checkOf(ObjectContext context, JsonNode object) {
    return new ObjectCheck(Document.of(object), ObjectRef.of(object), null, null, Optional.empty(), context,
        new ArrayList<>());
  }

  @Test
  void computedOncePerListWhicheverConditionAndCheckAsk() throws Exception {
    JsonNode object = new ObjectMapper().readTree("""
        {"apiVersion": "example.com/v1", "kind": "Widget", "status": {
          "conditions": [{"type": "Ready", "status": "True"}, {"type": "Synced", "status": "False"}],
          "listeners": [{"name": "a", "conditions": [{"type": "Accepted", "status": "True"},
            {"type": "Programmed", "status": "True"}]}]}}
        """);
    List<ConditionList> lists = ConditionLists.find(object);
    assertEquals(List.of("/status/conditions", "/status/listeners/0/conditions"),
        lists.stream().map(ConditionList::pointer).toList());
    ObjectContext context = new ObjectContext(CrdCatalog.EMPTY, Optional.empty(), object, Optional.empty(), lists,
        RESOLVER, ProfileKnowledge.NONE);
    List<String> computed = new ArrayList<>();
    // Names the condition it was computed from: which one that is shows which asks computed it.
    ListFact<String> fact = ListFact.of((check, c) -> {
      computed.add(c.pointer());
      return c.pointer();
    });
    ObjectCheck one = checkOf(context, object);
    ObjectCheck other = checkOf(context, object);
    List<Condition> all = context.allConditions();
    assertEquals(4, all.size());

    assertEquals("/status/conditions/1", one.fact(fact, all.get(1)));
    assertEquals("/status/conditions/1", other.fact(fact, all.get(0)));
    assertEquals("/status/listeners/0/conditions/1", other.fact(fact, all.get(3)));
    assertEquals("/status/listeners/0/conditions/1", one.fact(fact, all.get(2)));
    assertEquals(List.of("/status/conditions/1", "/status/listeners/0/conditions/1"), computed);
  }

  @Test
  void factsOfOneListAreKeptApartAndAFactMadeLaterFitsIn() throws Exception {
    JsonNode object = new ObjectMapper().readTree("""
        {"apiVersion": "v1", "kind": "Pod", "status": {"conditions": [{"type": "Ready", "status": "True"}]}}
        """);
    List<ConditionList> lists = ConditionLists.find(object);
    ObjectContext context = new ObjectContext(CrdCatalog.EMPTY, Optional.empty(), object, Optional.empty(), lists,
        RESOLVER, ProfileKnowledge.NONE);
    ObjectCheck check = checkOf(context, object);
    Condition ready = context.allConditions().get(0);
    ListFact<Integer> first = ListFact.of((c, condition) -> 1);
    assertEquals(1, check.fact(first, ready));
    // A fact declared after the list's slots were made (a rule class loaded later) gets a slot of its own.
    ListFact<Integer> later = ListFact.of((c, condition) -> 2);
    assertEquals(2, check.fact(later, ready));
    assertEquals(1, check.fact(first, ready));
    Integer value = check.fact(later, ready);
    assertSame(value, check.fact(later, ready));
  }

  @Test
  void aConditionBuiltOnItsOwnGetsItsListsContractAndFactsAsTheListsOwnDo() throws Exception {
    JsonNode object = new ObjectMapper().readTree("""
        {"apiVersion": "example.com/v1", "kind": "Widget", "status": {
          "conditions": [{"type": "Ready", "status": "True"}],
          "listeners": [{"name": "a", "conditions": [{"type": "Accepted", "status": "True"}]}]}}
        """);
    List<ConditionList> lists = ConditionLists.find(object);
    ObjectContext context = new ObjectContext(CrdCatalog.EMPTY, Optional.empty(), object, Optional.empty(), lists,
        RESOLVER, ProfileKnowledge.NONE);
    ObjectCheck check = checkOf(context, object);
    List<Condition> all = context.allConditions();
    ListFact<String> fact = ListFact.of((c, condition) -> condition.pointer());

    // The lists' contracts, asked by list (the first one without a lookup) or by condition, are the
    // contract's own instances.
    assertSame(context.contract().list("/status/conditions").orElseThrow(), check.contractOf(lists.get(0)));
    assertSame(context.contract().list("/status/listeners/0/conditions").orElseThrow(),
        check.contractOf(lists.get(1)));
    assertSame(check.contractOf(lists.get(0)), check.contractOf(all.get(0)));
    assertSame(check.contractOf(lists.get(1)), check.contractOf(all.get(1)));
    // Equal lists of another instance have the same contracts.
    List<ConditionList> again = ConditionLists.find(object);
    assertSame(check.contractOf(lists.get(0)), check.contractOf(again.get(0)));
    assertSame(check.contractOf(lists.get(1)), check.contractOf(again.get(1)));

    // Conditions that no list of the object made (built on their own, or by another instance of a
    // list) are found by their pointer and share the list's contract and facts.
    Condition ready = new Condition("/status/conditions/0", 0, object.at("/status/conditions/0"));
    Condition accepted = again.get(1).conditions().get(0);
    assertSame(check.contractOf(all.get(0)), check.contractOf(ready));
    assertSame(check.contractOf(all.get(1)), check.contractOf(accepted));
    assertEquals("/status/conditions/0", check.fact(fact, ready));
    assertEquals("/status/conditions/0", check.fact(fact, all.get(0)));
    assertEquals("/status/listeners/0/conditions/0", check.fact(fact, all.get(1)));
    assertEquals("/status/listeners/0/conditions/0", check.fact(fact, accepted));
  }

  @Test
  void aFactOfTheListIsComputedOncePerListInstanceAndAskedOnlyByList() throws Exception {
    JsonNode object = new ObjectMapper().readTree("""
        {"apiVersion": "example.com/v1", "kind": "Widget", "status": {
          "conditions": [{"type": "Ready", "status": "True"}, {"type": "Synced", "status": "False"}],
          "listeners": [{"name": "a", "conditions": [{"type": "Accepted", "status": "True"}]}]}}
        """);
    List<ConditionList> lists = ConditionLists.find(object);
    ObjectContext context = new ObjectContext(CrdCatalog.EMPTY, Optional.empty(), object, Optional.empty(), lists,
        RESOLVER, ProfileKnowledge.NONE);
    ObjectCheck one = checkOf(context, object);
    ObjectCheck other = checkOf(context, object);
    List<String> computed = new ArrayList<>();
    ListFact<List<String>> types = ListFact.ofList((check, list) -> {
      computed.add(list.pointer());
      return list.conditions().stream().map(c -> c.type().orElseThrow()).toList();
    });
    ListFact<String> byCondition = ListFact.of((check, c) -> c.pointer());

    // A fact by condition and one of the list share the first list's slots without mixing.
    assertEquals("/status/conditions/0", one.fact(byCondition, context.allConditions().get(0)));
    assertEquals(List.of("Ready", "Synced"), one.fact(types, lists.get(0)));
    assertEquals(List.of("Ready", "Synced"), other.fact(types, lists.get(0)));
    assertEquals(List.of("Accepted"), other.fact(types, lists.get(1)));
    assertEquals(List.of("Accepted"), one.fact(types, lists.get(1)));
    assertEquals("/status/conditions/0", other.fact(byCondition, context.allConditions().get(0)));
    assertEquals(List.of("/status/conditions", "/status/listeners/0/conditions"), computed);
    // An equal list of another instance is worked out for itself.
    ConditionList again = ConditionLists.find(object).get(1);
    assertEquals(List.of("Accepted"), one.fact(types, again));
    assertEquals(List.of("/status/conditions", "/status/listeners/0/conditions",
        "/status/listeners/0/conditions"), computed);

    // Each kind is asked its own way.
    ListFact<String> neverAsked = ListFact.of((check, c) -> c.pointer());
    IllegalArgumentException byList = assertThrows(IllegalArgumentException.class,
        () -> one.fact(neverAsked, lists.get(0)));
    assertEquals("a fact of a list's conditions is asked by a condition, not by its list", byList.getMessage());
    IllegalArgumentException byItsCondition = assertThrows(IllegalArgumentException.class,
        () -> one.fact(types, context.allConditions().get(2)));
    assertEquals("a fact of the list is asked by its list, not by a condition", byItsCondition.getMessage());
  }
}
