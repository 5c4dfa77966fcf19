package dev.condlint.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConditionListTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aConditionIsInTheListInstanceThatMadeItOnly() throws Exception {
    JsonNode node = JSON.readTree("[{\"type\": \"Ready\", \"status\": \"True\"}, 3, {\"type\": \"Synced\"}]");
    ConditionList list = new ConditionList("/status/conditions", node);
    ConditionList equal = new ConditionList("/status/conditions", node);
    List<Condition> conditions = list.conditions();

    assertEquals(List.of(0, 2), conditions.stream().map(Condition::index).toList());
    assertEquals(List.of("/status/conditions/0", "/status/conditions/2"),
        conditions.stream().map(Condition::pointer).toList());
    assertTrue(conditions.get(0).isIn(list));
    assertTrue(conditions.get(1).isIn(list));
    // An equal list is another instance: what the rules keep per list is kept per instance.
    assertEquals(list, equal);
    assertFalse(conditions.get(0).isIn(equal));
    assertTrue(equal.conditions().get(0).isIn(equal));
    assertFalse(equal.conditions().get(0).isIn(list));
    // A condition built on its own is in no list, not even one of a null.
    Condition alone = new Condition("/status/conditions/0", 0, node.get(0));
    assertEquals(conditions.get(0), alone);
    assertFalse(alone.isIn(list));
    assertFalse(alone.isIn(null));
  }

  @Test
  void firstWithFindsTheFirstOfATypeWithTheStatusInListOrder() throws Exception {
    ConditionList list = new ConditionList("/status/conditions", JSON.readTree("""
        [{"type": "Ready", "status": "False"}, {"type": "Stalled", "status": "False"},
         {"status": "True"}, {"type": "", "status": "True"},
         {"type": "Ready", "status": "Unknown"}, {"type": "Ready", "status": "True"},
         {"type": "Ready", "status": "True", "reason": "Again"}, {"type": "Synced", "status": "true"}]
        """));
    List<Condition> all = list.conditions();

    assertEquals(Optional.of(all.get(0)), list.firstWith("Ready", "False"));
    // A repeated type: the first of it with the status, further down the list.
    assertEquals(Optional.of(all.get(4)), list.firstWith("Ready", "Unknown"));
    assertEquals(Optional.of(all.get(5)), list.firstWith("Ready", "True"));
    // A type that one condition has, with another status; a status compared exactly.
    assertEquals(Optional.empty(), list.firstWith("Stalled", "True"));
    assertEquals(Optional.of(all.get(1)), list.firstWith("Stalled", "False"));
    assertEquals(Optional.empty(), list.firstWith("Synced", "True"));
    // No condition has the type; an empty type is no type.
    assertEquals(Optional.empty(), list.firstWith("Reconciling", "True"));
    assertEquals(Optional.empty(), list.firstWith("", "True"));
    assertEquals(Optional.of(all.get(0)), list.find("Ready"));
  }

  @Test
  void hasRepeatedTypeOnlyWhereTwoConditionsShareANonEmptyStringType() throws Exception {
    // Empty, absent and non-string types are no type; a non-object element is no condition.
    assertFalse(new ConditionList("/status/conditions", JSON.readTree("""
        [{"type": "Ready"}, {"type": "Synced"}, {"type": ""}, {"type": ""}, {"status": "True"}, {"status": "False"},
         {"type": 3}, {"type": 3}, "Ready"]
        """)).hasRepeatedType());
    assertTrue(new ConditionList("/status/conditions", JSON.readTree("""
        [{"type": "Ready"}, {"type": "Synced"}, {"type": "Ready", "status": "False"}]
        """)).hasRepeatedType());
    assertFalse(new ConditionList("/status/conditions", JSON.readTree("[]")).hasRepeatedType());
    assertFalse(new ConditionList("/status/conditions", JSON.readTree("{\"type\": \"Ready\"}")).hasRepeatedType());
  }
}
