package dev.condlint.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.Document;
import dev.condlint.rules.Engine;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How the sample rules share the work with the condition rules. */
class SampleRulesTest {
  private static final String CRD_AND_SAMPLE =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: widgets.example.com}
      spec:
        group: example.com
        names: {kind: Widget, plural: widgets}
        versions:
        - name: v1
          subresources: {status: {}}
          schema:
            openAPIV3Schema:
              type: object
              properties:
                status:
                  type: object
                  properties:
                    conditions:
                      type: array
                      items:
                        type: object
                        properties:
                          type: {type: string}
                          status: {type: string, enum: ["True", "False", "Unknown"]}
      ---
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: w}
      status:
        conditions:
        - type: Ready
          status: True
        - type: Synced
          status: "Yes"
      """;

  @Test
  void anUnquotedYamlBooleanIsTheYamlRulesFindingAndAWrongStringTheSchemas() {
    List<Document> docs = YamlFixtures.documents("w.yaml", CRD_AND_SAMPLE);
    Engine engine = Engine.withDefaults().withCrds(CrdCatalog.of(docs.stream().map(Document::object).toList()));
    List<String> found = engine.check(docs.get(1), Optional.empty()).stream()
        .filter(f -> f.ruleId().startsWith("sample-") || f.ruleId().equals("condition-field-yaml-type"))
        .map(f -> f.position().orElseThrow() + " " + f.ruleId() + " " + f.pointer())
        .toList();
    assertEquals(
        List.of(
            "31:13 condition-field-yaml-type /status/conditions/0/status",
            "33:13 sample-status-schema /status/conditions/1/status"),
        found);
  }
}
