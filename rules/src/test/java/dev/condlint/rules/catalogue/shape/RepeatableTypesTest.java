package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A04 holds a list to one condition a type, except a type the kind's contract states its API writes more than
 * once: the catalogue's Strimzi entry states Warning so (its Status appends one Warning condition a warning,
 * even several of one reason), so a Kafka with two Warnings is not reported, and a Kafka with two Ready still is.
 */
class RepeatableTypesTest {
  private static final RuleRun TYPE_UNIQUE = RuleRun.of("condition-type-unique");

  private static String kafka(String secondType) {
    return """
        apiVersion: kafka.strimzi.io/v1beta2
        kind: Kafka
        metadata: {name: events, generation: 1}
        status:
          observedGeneration: 1
          conditions:
          - {type: Warning, status: "True", reason: KafkaStorage, message: "single replica, ephemeral storage", lastTransitionTime: "2024-05-01T12:00:00Z"}
          - {type: %s, status: "True", reason: KafkaDefaultReplicationFactor, message: "not configured", lastTransitionTime: "2024-05-01T12:00:00Z"}
          - {type: Ready, status: "True", lastTransitionTime: "2024-05-01T12:00:00Z"}
        """.formatted(secondType);
  }

  @Test
  void strimzisWarningConditionsMayRepeat() {
    assertEquals(List.of(), TYPE_UNIQUE.lines(kafka("Warning")));
  }

  @Test
  void aTypeTheCatalogueDoesNotStateRepeatableIsStillReported() {
    assertEquals(List.of("9:12 error condition-type-unique /status/conditions/2/type"), TYPE_UNIQUE.lines(kafka("Ready")));
  }
}
