package dev.condlint.rules.catalogue.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.rules.testing.CaseFile;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Examples that show less than the object: a mapping an elision comment marks as partial
 * ({@code # ...}, {@code # other fields not shown}) lacks fields by intent, so a required field missing
 * there, or the mapping being null, is an info naming the comment; a file in a design folder describes an
 * API as proposed, so every check against the shipped CRD is an info there. Everything else is unchanged.
 */
class PartialExamplesTest {
  private static final RuleRun MISSING_FIELDS = RuleRun.of("sample-schema", "sample-status-schema",
      "condition-type-required", "condition-reason-required", "condition-message-present",
      "condition-last-transition-time-required", "condition-message-when-abnormal");

  @Test
  void aFieldMissingWhereTheExampleSaysItLeavesFieldsOutIsAnInfo() {
    CaseFile.read("cases/elided/examples.yaml").check(MISSING_FIELDS);
  }

  @Test
  void aTypeMissingFromAPartialConditionIsAnInfo() {
    String yaml = CaseFile.resource("cases/elided/widget.crd.yaml") + """
        ---
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w}
        spec: {size: 3, image: nginx}
        status:
          conditions:
          - status: "True"
            # ...
          - status: "True"
            reason: Ready
        """;

    assertEquals(List.of(
            "51:5 info condition-type-required /status/conditions/0/type",
            "53:5 error condition-type-required /status/conditions/1/type"),
        RuleRun.lines(RuleRun.of("condition-type-required").findings(yaml)));
    assertEquals("Condition #0 has no type; the type is required and identifies the condition; the example marks"
        + " fields as left out here (line 52).",
        RuleRun.of("condition-type-required").findings(yaml).get(0).message());
  }

  @Test
  void inADesignDocumentEveryCheckAgainstTheCrdIsAnInfoThatSaysWhy() {
    List<Document> crds = YamlFixtures.documents("widget.crd.yaml", CaseFile.resource("cases/elided/widget.crd.yaml"));
    List<Document> proposed = YamlFixtures.documents("keps/widget.yaml", """
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: w}
            spec:
              size: 3
              mode: Slow
            status:
              conditions:
              - {type: Ready, status: "True", lastTransitionTime: "2024-05-01T00:00:00Z", message: ""}
            """).stream().map(d -> d.proposedIn("keps")).toList();

    List<String> found = RuleRun.lines(MISSING_FIELDS.findings(crds, proposed));

    // The condition rules judge the condition as ever: a missing reason is A07's error.
    assertEquals(List.of(
            "4:1 info sample-schema /spec/image",
            "6:9 info sample-schema /spec/mode",
            "9:5 error condition-reason-required /status/conditions/0/reason"),
        found);
    assertEquals("spec.mode: does not have a value in the enumeration [\"Fast\", \"Safe\"] (CRD widgets.example.com,"
            + " version example.com/v1); the file is in a design folder ('keps/'), which describes the API as"
            + " proposed, and that may not be the API that shipped",
        MISSING_FIELDS.findings(crds, proposed).stream().filter(f -> f.pointer().equals("/spec/mode")).findFirst()
            .orElseThrow().message());
  }
}
