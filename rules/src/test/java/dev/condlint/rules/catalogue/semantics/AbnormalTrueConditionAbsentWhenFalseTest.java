package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.GATEWAY_API;
import static dev.condlint.rules.testing.ObjectFixtures.database;
import static dev.condlint.rules.testing.ObjectFixtures.withStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbnormalTrueConditionAbsentWhenFalseTest {
  private final RuleRun run = RuleRun.of("abnormal-true-condition-absent-when-false");

  private static final String STALLED_FALSE = database("""
      - {type: Ready, status: "True"}
      - {type: Stalled, status: "False"}
      - {type: Reconciling, status: "True"}
      """);

  @Test
  void offInK8sAndClusterApiWhichKeepConditionsAlwaysPresent() {
    assertEquals(List.of(), run.lines(STALLED_FALSE));
    assertEquals(List.of(), run.profile("capi-v1beta2").lines(STALLED_FALSE));
  }

  @Test
  void warnsInKstatusAndFluxAtTheCondition() {
    assertEquals(List.of("7:5 warning abnormal-true-condition-absent-when-false /status/conditions/1"), run.profile("kstatus").lines(STALLED_FALSE));
    assertEquals(List.of("7:5 warning abnormal-true-condition-absent-when-false /status/conditions/1"), run.profile("flux").lines(STALLED_FALSE));
  }

  @Test
  void gatewayApiListsOnlyTheTypesDocumentedAsAbsentWhenFalse() {
    String gateway = withStatus(GATEWAY_API, "Gateway", "web", """
        listeners:
        - name: https
          conditions:
          - {type: Conflicted, status: "False", reason: NoConflicts}
          - {type: OverlappingTLSConfig, status: "False", reason: NoOverlap}
        """);
    assertEquals(
        List.of("9:7 warning abnormal-true-condition-absent-when-false /status/listeners/0/conditions/1"),
        run.profile("gateway-api").lines(gateway));
  }

  @Test
  void anUnquotedFalseIsLeftToTheYamlTypeRule() {
    // YAML 1.1 reads status: False as a boolean; A06 reports that, so this rule stays quiet.
    assertEquals(List.of(), run.profile("flux").lines(database("- {type: Stalled, status: False}\n")));
  }
}
