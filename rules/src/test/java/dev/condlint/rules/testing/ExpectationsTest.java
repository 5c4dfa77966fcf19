package dev.condlint.rules.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The example helper itself: how it reads {@code # want} markers, and that every kind of disagreement fails, saying what. */
class ExpectationsTest {
  private static final String NAME = "example.yaml";

  /** A Database whose Ready condition has a lower-case status: one finding, of condition-status-value. */
  private static final String DATABASE = """
      apiVersion: example.com/v1
      kind: Database
      metadata:
        name: orders
      status:
        conditions:
        - type: Ready
          status: "true"%s
          reason: Reconciled
          message: All components are ready
          lastTransitionTime: "2024-05-01T12:00:00Z"
      """;

  private static final String RIGHT =
      "  # want :13 warning condition-status-value /status/conditions/0/status 'has status \"true\"'";

  private static final String FINDING = ":13 warning condition-status-value /status/conditions/0/status Condition"
      + " \"Ready\" has status \"true\"; Kubernetes' condition types take only \"True\", \"False\" or \"Unknown\", and"
      + " tools such as kstatus and kubectl wait read only these.";

  private static final String UNMARKED = ": no marker expects the finding " + FINDING + " Mark it with `# want :13 warning"
      + " condition-status-value /status/conditions/0/status 'Condition \"Ready\" has status \"true\"'`.";

  private static List<String> problems(String written) {
    WantMarkers.Marked marked = WantMarkers.read(NAME, written);
    return Expectations.problems(NAME, marked, RuleRun.all().findings(marked.text()));
  }

  @Test
  void aMarkerThatMatchesItsFindingPasses() {
    assertEquals(List.of(), problems(DATABASE.formatted(RIGHT)));
    assertEquals(List.of(), problems(DATABASE.formatted("  # want condition-status-value \"has status\"")));
  }

  @Test
  void aFindingWithoutAMarkerFailsAndSaysWhichMarkerWouldExpectIt() {
    assertEquals(List.of("example.yaml:8:13" + UNMARKED), problems(DATABASE.formatted("")));
  }

  @Test
  void aMarkerWithoutAFindingFails() {
    String extra = DATABASE.formatted(RIGHT).replace("    reason: Reconciled\n",
        "    reason: Reconciled  # want condition-reason-format \"is not a one-word identifier\"\n");
    assertEquals(
        List.of("example.yaml:9: no finding matches `# want condition-reason-format \"is not a one-word"
            + " identifier\"`. That line has no finding left."),
        problems(extra));
  }

  @Test
  void aWrongColumnFailsAndSaysTheFindingsColumn() {
    assertEquals(
        List.of("example.yaml:8: no finding matches `" + marker(RIGHT.replace(":13", ":12")) + "`. The finding of"
                + " condition-status-value on that line differs (its column is 13, not 12): " + FINDING,
            "example.yaml:8:13" + UNMARKED),
        problems(DATABASE.formatted(RIGHT.replace(":13", ":12"))));
  }

  @Test
  void aWrongFragmentSeverityPointerOrRuleFailsAndSaysWhatDiffers() {
    String fragment = RIGHT.replace("has status \"true\"", "has status \"false\"");
    assertEquals(
        List.of("example.yaml:8: no finding matches `" + marker(fragment) + "`. The finding of condition-status-value"
            + " on that line differs (its message does not contain 'has status \"false\"'): " + FINDING,
            "example.yaml:8:13" + UNMARKED),
        problems(DATABASE.formatted(fragment)));
    String severity = RIGHT.replace(" warning ", " error ");
    assertEquals(
        "example.yaml:8: no finding matches `" + marker(severity) + "`. The finding of condition-status-value"
            + " on that line differs (its severity is warning, not error): " + FINDING,
        problems(DATABASE.formatted(severity)).get(0));
    String pointer = RIGHT.replace("/0/status ", "/0 ");
    assertEquals(
        "example.yaml:8: no finding matches `" + marker(pointer) + "`. The finding of condition-status-value"
            + " on that line differs (its pointer is /status/conditions/0/status, not /status/conditions/0): " + FINDING,
        problems(DATABASE.formatted(pointer)).get(0));
    String rule = RIGHT.replace("condition-status-value", "condition-status-format");
    assertEquals(
        "example.yaml:8: no finding matches `" + marker(rule) + "`. That line has no finding of"
            + " condition-status-format, only: " + FINDING,
        problems(DATABASE.formatted(rule)).get(0));
    String all = RIGHT.replace(":13 warning", ":3 info").replace("/0/status ", "/0 ").replace("\"true\"", "\"yes\"");
    assertEquals(
        "example.yaml:8: no finding matches `" + marker(all) + "`. The finding of condition-status-value"
            + " on that line differs (its column is 13, not 3; its severity is warning, not info; its pointer is"
            + " /status/conditions/0/status, not /status/conditions/0; its message does not contain"
            + " 'has status \"yes\"'): " + FINDING,
        problems(DATABASE.formatted(all)).get(0));
  }

  @Test
  void aMarkerOnALineOfItsOwnIsAboutTheNextLine() {
    String above = DATABASE.formatted("").replace("    status: \"true\"\n", RIGHT.strip().indent(4) + "    status: \"true\"\n");
    assertEquals(List.of(), problems(above));
    String below = DATABASE.formatted("").replace("    status: \"true\"\n", "    status: \"true\"\n" + RIGHT.strip().indent(4));
    assertEquals(
        List.of("example.yaml:8:13" + UNMARKED,
            "example.yaml:9: no finding matches `" + marker(RIGHT) + "` (about line 10). That line has no finding left."),
        problems(below));
  }

  @Test
  void eachFindingNeedsAMarkerOfItsOwnEvenOnTheSameLine() {
    String twice = """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
        status:
          conditions: [{type: Ready, status: "True"}, {type: Ready, status: "True"}, {type: Ready, status: "True"}]%s
        """;
    String again = "  # want condition-type-unique \"appears again\"";
    String againAbove = twice.formatted(again).replace("  conditions:", "  " + again.strip() + "\n  conditions:");
    assertEquals(List.of(), problems(againAbove));
    assertEquals(
        List.of("example.yaml:6:85: no marker expects the finding :85 error condition-type-unique"
            + " /status/conditions/2/type Type \"Ready\" appears again (first as condition #0); conditions are a map"
            + " keyed by type, so one of the two is lost. Mark it with `# want :85 error condition-type-unique"
            + " /status/conditions/2/type 'Type \"Ready\" appears again'`."),
        problems(twice.formatted(again)));
  }

  @Test
  void theEngineReadsTheExampleWithoutItsMarkers() {
    String written = """
        status:
          # want :3 info a-rule "one"
          # want b-rule 'two "2"'
          phase: Failed  # want c-rule "three"
          reason: x
        """;
    WantMarkers.Marked marked = WantMarkers.read(NAME, written);

    assertEquals("status:\n  phase: Failed\n  reason: x\n", marked.text());
    assertEquals(
        List.of("2 # want :3 info a-rule \"one\"", "2 # want b-rule 'two \"2\"'", "2 # want c-rule \"three\""),
        marked.wants().stream().map(w -> w.line() + " " + w.marker()).toList());
    assertEquals(List.of(2, 3, 4), marked.wants().stream().map(Want::markerLine).toList());
    assertEquals(4, marked.writtenLine(2));
  }

  @Test
  void aMalformedMarkerFailsNamingItsLine() {
    AssertionError noFragment = assertThrows(AssertionError.class,
        () -> WantMarkers.read(NAME, "status:\n  phase: Failed  # want status-phase-field\n"));
    assertEquals("example.yaml:2: '# want status-phase-field' is not a marker; write"
        + " # want [:COLUMN] [SEVERITY] RULE-ID [POINTER] \"MESSAGE FRAGMENT\" [basis \"BASIS\" | basis none]",
        noFragment.getMessage());
    AssertionError nothingBelow = assertThrows(AssertionError.class,
        () -> WantMarkers.read(NAME, "status:\n  phase: Failed\n# want status-phase-field \"phase\""));
    assertEquals("example.yaml:3: a marker on a line of its own is about the next line, but no line follows it",
        nothingBelow.getMessage());
  }

  @Test
  void aMarkerThatStatesABasisMatchesOnlyAFindingThatRestsOnIt() {
    String basis = Want.basisOf(RuleRun.only(RuleRun.of("condition-status-value").findings(DATABASE.formatted(""))));
    assertEquals(true, basis.startsWith("inferred: "), basis);
    assertEquals(List.of(), problems(DATABASE.formatted(RIGHT + " basis \"" + basis + "\"")));
    String none = RIGHT + " basis none";
    assertEquals(
        "example.yaml:8: no finding matches `" + marker(none) + "`. The finding of condition-status-value"
            + " on that line differs (its basis is " + basis + ", not none): " + FINDING,
        problems(DATABASE.formatted(none)).get(0));
  }

  @Test
  void aCaseFilesMarkersStateColumnSeverityAndPointer() {
    AssertionError incomplete = assertThrows(AssertionError.class,
        () -> CaseFile.of("case.yaml", DATABASE.formatted("  # want condition-status-value \"has status\"")));
    assertEquals("case.yaml:8: a case's marker states the column, severity and pointer of its finding:"
        + " `# want condition-status-value \"has status\"`", incomplete.getMessage());
    CaseFile complete = CaseFile.of("case.yaml", DATABASE.formatted(RIGHT));
    assertEquals(1, complete.check(RuleRun.of("condition-status-value")).size());
    assertEquals(List.of("condition-status-value warning /status/conditions/0/status 8:13"), complete.expectedAsWritten());
    AssertionError unmarked = assertThrows(AssertionError.class,
        () -> CaseFile.of("case.yaml", DATABASE.formatted("")).check(RuleRun.of("condition-status-value")));
    assertEquals("case.yaml:8:13" + UNMARKED, unmarked.getMessage());
  }

  private static String marker(String trailing) {
    return trailing.strip();
  }
}
