package dev.condlint.rules.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.Set;
import org.junit.jupiter.api.Test;

class PreparedListTest {
  private static final ContractResolver RESOLVER = ContractResolver.of(Catalogue.builtIn());

  private static ObjectContext contextOf(JsonNode object) {
    return new ObjectContext(CrdCatalog.EMPTY, Optional.empty(), object, Optional.empty(),
        ConditionLists.find(object), RESOLVER, ProfileKnowledge.NONE);
  }

  private static ObjectCheck checkOf(ObjectContext context, JsonNode object) {
    return new ObjectCheck(Document.of(object), ObjectRef.of(object), null, null, Optional.empty(), context,
        new ArrayList<>());
  }

  @Test
  void eachFieldIsReadOnceWithWhatItHolds() throws Exception {
    JsonNode object = new ObjectMapper().readTree("""
        {"apiVersion": "example.com/v1", "kind": "Widget", "status": {"conditions": [
          {"type": "example.com/Ready", "status": "True", "reason": "", "message": null,
           "lastTransitionTime": "2024-06-01T00:00:00Z", "observedGeneration": 3},
          "not a condition",
          {"type": "", "status": true, "reason": 7, "lastHeartbeatTime": "x"},
          {"status": "False", "message": "m"}]}}
        """);
    ObjectContext context = contextOf(object);
    List<PreparedList> lists = context.preparedLists();
    assertEquals(1, lists.size());
    PreparedList list = lists.get(0);
    assertEquals("/status/conditions", list.list().pointer());
    assertEquals(3, list.size());
    // The view's conditions are the list's own instances, in list order (the string element is none).
    assertSame(list.list().conditions().get(1), list.condition(1));
    assertEquals(List.of(0, 2, 3), List.of(list.condition(0).index(), list.condition(1).index(),
        list.condition(2).index()));

    assertEquals("example.com/Ready", list.type(0));
    assertEquals("Ready", list.typeName(0));
    assertEquals("True", list.status(0));
    assertEquals("", list.reason(0));
    assertEquals(PreparedList.STRING, list.state(0, PreparedList.REASON));
    assertEquals("", list.text(0, PreparedList.REASON));
    assertEquals(PreparedList.NULL, list.state(0, PreparedList.MESSAGE));
    assertNull(list.text(0, PreparedList.MESSAGE));
    assertEquals("", list.message(0));
    assertEquals(PreparedList.OTHER, list.state(0, PreparedList.OBSERVED_GENERATION));
    assertEquals(3, list.field(0, PreparedList.OBSERVED_GENERATION).asInt());
    assertTrue(list.isString(0, PreparedList.LAST_TRANSITION_TIME));
    assertEquals(0b111111, list.presentFields(0));
    assertFalse(list.hasOtherFields(0));

    // An empty type is no type; a boolean status and a number reason are other values, not strings.
    assertNull(list.type(1));
    assertEquals("", list.typeName(1));
    assertEquals("", list.text(1, PreparedList.TYPE));
    assertEquals(PreparedList.OTHER, list.state(1, PreparedList.STATUS));
    assertEquals("", list.status(1));
    assertEquals(PreparedList.OTHER, list.state(1, PreparedList.REASON));
    assertEquals("", list.reason(1));
    assertEquals(PreparedList.ABSENT, list.state(1, PreparedList.MESSAGE));
    assertTrue(list.field(1, PreparedList.MESSAGE).isMissingNode());
    assertEquals(0b000111, list.presentFields(1));
    assertTrue(list.hasOtherFields(1));

    assertNull(list.type(2));
    assertEquals(PreparedList.ABSENT, list.state(2, PreparedList.TYPE));
    assertEquals("False", list.status(2));
    assertEquals("m", list.message(2));
    assertEquals(0b001010, list.presentFields(2));
    assertFalse(list.hasOtherFields(2));

    // Built once per object, whichever check asks; the same conditions as allConditions, in order.
    assertSame(lists, checkOf(context, object).preparedLists());
    assertEquals(context.allConditions(), List.of(list.condition(0), list.condition(1), list.condition(2)));
  }

  @Test
  void onlyTheListsThatAreJudgedInTheirOrder() throws Exception {
    // A phase history (no type, statuses that are no typed condition's) is not judged, so has no view.
    JsonNode object = new ObjectMapper().readTree("""
        {"apiVersion": "example.com/v1", "kind": "Widget", "status": {
          "conditions": [{"status": "Pending"}, {"status": "Running"}],
          "listeners": [{"name": "a", "conditions": [{"type": "Accepted", "status": "True"}]},
            {"name": "b", "conditions": [{"type": "Programmed", "status": "False"}]}]}}
        """);
    ObjectContext context = contextOf(object);
    assertEquals(List.of("/status/conditions", "/status/listeners/0/conditions", "/status/listeners/1/conditions"),
        context.conditionLists().stream().map(ConditionList::pointer).toList());
    assertEquals(List.of("/status/listeners/0/conditions", "/status/listeners/1/conditions"),
        context.preparedLists().stream().map(l -> l.list().pointer()).toList());
    List<Condition> viewed = new ArrayList<>();
    for (PreparedList list : context.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        viewed.add(list.condition(i));
      }
    }
    assertEquals(context.allConditions(), viewed);
  }

  @Test
  void fieldBitsNameTheStandardFieldsOfASet() {
    assertEquals(0, PreparedList.fieldBits(Set.of("lastHeartbeatTime")));
    assertEquals((1 << PreparedList.TYPE) | (1 << PreparedList.OBSERVED_GENERATION),
        PreparedList.fieldBits(Set.of("type", "observedGeneration", "severity")));
    assertEquals(0b111111, PreparedList.fieldBits(Set.copyOf(PreparedList.FIELDS)));
  }
}
