package dev.condlint.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
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
}
