package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Checks the SARIF output against the SARIF 2.1.0 schema, and against what the schema cannot say:
 * rule indexes that point at their rule, real regions, and a help page for every rule.
 */
class SarifStructureTest {

  @Test
  void everyResultPointsAtItsRuleAndARealRegion() throws Exception {
    CliRun.Result r = CliRun.in(Golden.resource("fixtures/formats")).run("lint", "--format", "sarif", ".");
    JsonNode sarif = new ObjectMapper().readTree(r.out());

    assertEquals(List.of(), SarifSchema.violations(r.out()));

    assertEquals("2.1.0", sarif.path("version").asText());
    assertTrue(sarif.path("$schema").asText().endsWith("sarif-2.1.0.json"));
    assertEquals(1, sarif.path("runs").size());
    JsonNode run = sarif.path("runs").get(0);
    JsonNode driver = run.path("tool").path("driver");
    assertEquals("condlint", driver.path("name").asText());
    JsonNode rules = driver.path("rules");
    assertEquals(CliRun.META_RULES.registry().rules().size(), rules.size());
    // The project's repository, not condlint.dev, which it never owned (issue 25, item 4); a snapshot's
    // rules are described on main, a release's at its tag.
    assertEquals("https://github.com/condlint/condlint", driver.path("informationUri").asText());
    for (JsonNode rule : rules) {
      assertEquals("https://github.com/condlint/condlint/blob/main/docs/rules.md#" + rule.path("id").asText(),
          rule.path("helpUri").asText());
      assertFalse(rule.path("id").asText().isEmpty());
      assertFalse(rule.path("shortDescription").path("text").asText().isEmpty());
      assertFalse(rule.path("help").path("text").asText().isEmpty());
      assertTrue(Set.of("error", "warning", "note").contains(rule.path("defaultConfiguration").path("level").asText()));
    }
    JsonNode results = run.path("results");
    assertEquals(3, results.size());
    for (JsonNode result : results) {
      int index = result.path("ruleIndex").asInt(-1);
      assertEquals(result.path("ruleId").asText(), rules.get(index).path("id").asText());
      assertTrue(Set.of("error", "warning", "note").contains(result.path("level").asText()));
      assertFalse(result.path("message").path("text").asText().isEmpty());
      JsonNode physical = result.path("locations").get(0).path("physicalLocation");
      assertFalse(physical.path("artifactLocation").path("uri").asText().isEmpty());
      assertTrue(physical.path("region").path("startLine").asInt() >= 1);
      assertTrue(physical.path("region").path("startColumn").asInt() >= 1);
    }
    JsonNode invocation = run.path("invocations").get(0);
    assertFalse(invocation.path("executionSuccessful").asBoolean(true));
    assertEquals(1, invocation.path("toolExecutionNotifications").size());
  }

  /** The schema check can fail: a run without a tool, and a URI with spaces. */
  @Test
  void theSchemaRejectsWhatSarifForbids() throws Exception {
    assertEquals(
        List.of(
            "/runs/0/originalUriBaseIds/%SRCROOT%/uri: does not match the uri-reference pattern must be a valid"
                + " RFC 3986 URI-reference",
            "/runs/0: required property 'tool' not found"),
        SarifSchema.violations("""
            {"version": "2.1.0", "runs": [{"originalUriBaseIds": {"%SRCROOT%": {"uri": "not a uri"}}}]}
            """));
  }
}
