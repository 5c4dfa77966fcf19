package dev.condlint.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ConditionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> STANDARD =
      List.of("type", "status", "reason", "message", "lastTransitionTime", "observedGeneration");

  @Test
  void theStandardFieldsAreTheNodesOwnInAnyOrderBesideOtherFields() throws Exception {
    // The six are read by one walk of the node's fields: whatever their order and whatever else is there,
    // each accessor answers with the node's own value, as a lookup by name would.
    JsonNode node = JSON.readTree("{\"x-note\": 1, \"observedGeneration\": 4, \"message\": \"m\","
        + " \"lastTransitionTime\": \"2024-05-01T12:00:00Z\", \"extra\": {\"type\": \"Inner\"},"
        + " \"reason\": null, \"status\": \"False\", \"type\": \"Ready\"}");
    Condition c = new Condition("/status/conditions/0", 0, node);

    assertEquals(Optional.of("Ready"), c.type());
    assertEquals("False", c.status());
    assertTrue(c.isFalse());
    assertEquals("", c.reason(), "a null reason is no string");
    assertTrue(c.has("reason"));
    assertEquals("m", c.message());
    assertEquals(Optional.of(Instant.parse("2024-05-01T12:00:00Z")), c.lastTransitionTime());
    assertEquals(OptionalLong.of(4), c.observedGeneration());
    for (String field : STANDARD) {
      assertSame(node.get(field), c.field(field), field);
    }
    // Other fields are looked up by name, as before.
    assertSame(node.get("extra"), c.field("extra"));
    assertTrue(c.field("absent").isMissingNode());
  }

  @Test
  void absentStandardFieldsAreMissing() throws Exception {
    Condition c = new Condition("/status/conditions/1", 1, JSON.readTree("{\"status\": \"True\", \"other\": 2}"));

    assertEquals(Optional.empty(), c.type());
    assertEquals("True", c.status());
    for (String field : List.of("type", "reason", "message", "lastTransitionTime", "observedGeneration")) {
      assertFalse(c.has(field), field);
      assertTrue(c.field(field).isMissingNode(), field);
    }
    assertEquals(Optional.empty(), c.lastTransitionTime());
    assertEquals(OptionalLong.empty(), c.observedGeneration());
  }

  @Test
  void aNodeThatIsNoObjectHasNoFields() {
    Condition c = new Condition("/status/conditions/2", 2, TextNode.valueOf("Ready"));

    for (String field : STANDARD) {
      assertFalse(c.has(field), field);
    }
    assertEquals(Optional.empty(), c.type());
    assertEquals("", c.status());
  }
}
