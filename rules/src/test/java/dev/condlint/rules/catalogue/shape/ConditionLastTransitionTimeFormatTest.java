package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.CrdFixtures;
import dev.condlint.rules.testing.ObjectFixtures;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A13 judges a time by what the condition type's own schema says of it. */
class ConditionLastTransitionTimeFormatTest {
  private static final RuleRun A13 = RuleRun.of("condition-last-transition-time-format");
  private static final String OFFSET_WITHOUT_COLON = "2021-02-22T16:05:43+0000";

  private static String widgetCrd(String timeSchema) {
    return CrdFixtures.crd("Widget", "example.com", "v1", CrdFixtures.conditionsStatus("", "",
        "type: {type: string}", "status: {type: string}", "lastTransitionTime: " + timeSchema)) + "---\n";
  }

  private static String widget(String time) {
    return ObjectFixtures.withConditions("example.com/v1", "Widget", "w", readyAt(time));
  }

  private static String readyAt(String time) {
    return "- {type: Ready, status: \"True\", lastTransitionTime: \"" + time + "\"}";
  }

  @Test
  void strimziTimesArePlainStringsInItsOwnApi() {
    String kafka = ObjectFixtures.withConditions("kafka.strimzi.io/v1beta2", "Kafka", "k", readyAt(OFFSET_WITHOUT_COLON));
    assertEquals(List.of(), A13.lines(kafka));
  }

  @Test
  void aCrdThatDeclaresADateTimeMakesItAnError() {
    String crd = widgetCrd("{type: string, format: date-time}");
    assertEquals(List.of("36:55 error condition-last-transition-time-format /status/conditions/0/lastTransitionTime"),
        A13.lines(crd + widget(OFFSET_WITHOUT_COLON)));
  }

  @Test
  void aCrdThatDeclaresAPlainStringTakesAnyText() {
    assertEquals(List.of(), A13.lines(widgetCrd("{type: string}") + widget(OFFSET_WITHOUT_COLON)));
  }

  @Test
  void aKindNobodyDeclaredGetsAWarningThatSaysItIsTheConvention() {
    assertEquals(List.of("6:55 warning condition-last-transition-time-format /status/conditions/0/lastTransitionTime"),
        A13.lines(widget(OFFSET_WITHOUT_COLON)));
  }
}
