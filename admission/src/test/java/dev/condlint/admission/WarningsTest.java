package dev.condlint.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Severity;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WarningsTest {
  private static Finding finding(int i, String message) {
    return new Finding("condition-type-pascalcase", Severity.WARNING, message, "h",
        "/status/conditions/" + i + "/type", new ObjectRef("example.com/v1", "Widget", "", "w"), Optional.empty());
  }

  /** Findings on conditions 0 to count - 1, each with this message. */
  private static List<Finding> findings(int count, String message) {
    return IntStream.range(0, count).mapToObj(i -> finding(i, message)).toList();
  }

  @Test
  void formatsSeverityRuleFieldAndMessage() {
    assertEquals(List.of("warning condition-type-pascalcase at status.conditions[3].type: Type \"ready\" is not PascalCase."),
        Warnings.of(List.of(finding(3, "Type \"ready\" is not PascalCase.")), List.of()));
  }

  /** The API server drops a warning with a control character: C0 (tab included), DEL and C1 are escaped. */
  @Test
  void controlCharactersAreWrittenAsEscapes() {
    assertEquals(List.of("warning condition-type-pascalcase at status.conditions[0].type: Type \"a\\u0009b\\u0001c"
            + "\\u007fd\\u0085e\\u009bf\" é€ is not PascalCase."),
        Warnings.of(List.of(finding(0, "Type \"a\tb\u0001c\u007fd\u0085e\u009bf\" é€ is not PascalCase.")),
            List.of()));
  }

  @Test
  void cutsEachWarningAt256Characters() {
    List<String> warnings = Warnings.of(List.of(finding(0, "x".repeat(400))), List.of());
    assertEquals(1, warnings.size());
    assertEquals(256, warnings.get(0).length());
    assertTrue(warnings.get(0).endsWith("x…"));
  }

  @Test
  void endsALongWarningAtTheLastWholeSentenceThatFits() {
    String message = "Condition 'Ready' changed status but kept lastTransitionTime \"2024-05-01T08:00:00Z\"; "
        + "that is the time of the previous transition. " + "Clients that compute how long it has been so "
        .repeat(5);
    List<String> warnings = Warnings.of(List.of(finding(0, message)), List.of());
    assertEquals("warning condition-type-pascalcase at status.conditions[0].type: Condition 'Ready' changed status"
        + " but kept lastTransitionTime \"2024-05-01T08:00:00Z\"; that is the time of the previous transition.",
        warnings.get(0));
  }

  @Test
  void keepsTheTotalWithin4096AndSaysHowManyWereLeftOut() {
    List<Finding> findings = findings(40, "y".repeat(200));
    List<String> warnings = Warnings.of(findings, List.of());
    int total = warnings.stream().mapToInt(String::length).sum();
    assertTrue(total <= Warnings.MAX_TOTAL, "total " + total);
    int shown = warnings.size() - 1;
    assertEquals(15, shown);
    assertEquals("25 more condlint findings were left out to stay within the API server's warning limits;"
        + " run `condlint review` on the request to see all", warnings.get(shown));
    assertTrue(warnings.get(shown - 1).startsWith("warning condition-type-pascalcase at status.conditions[14].type"));
  }

  @Test
  void aListThatFitsExactlyHasNoClosingWarning() {
    List<Finding> findings = findings(16, "z".repeat(180));
    List<String> warnings = Warnings.of(findings, List.of());
    assertEquals(16, warnings.size());
    assertTrue(warnings.stream().mapToInt(String::length).sum() <= Warnings.MAX_TOTAL);
  }

  @Test
  void notesComeFirst() {
    assertEquals("the deadline passed", Warnings.of(List.of(finding(0, "m")), List.of("the deadline passed")).get(0));
  }
}
