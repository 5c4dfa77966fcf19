package dev.condlint.rules.engine;

import static dev.condlint.rules.testing.RuleRun.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ConditionPair;
import dev.condlint.model.Document;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.catalogue.meta.UnusedSuppression;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How {@link Engine#checkTransition} treats suppressions: the new object's annotation decides. */
class EngineTransitionTest {

  @RuleInfo(id = "status-flipped", title = "t", severity = Severity.WARNING, scope = Scope.UPDATE,
      rationale = "r", source = "s")
  static final class StatusFlipped implements TransitionRule {
    @Override
    public void check(TransitionCheck check) {
      for (ConditionPair pair : check.conditionPairs()) {
        if (pair.statusChanged()) {
          check.report(pair.after().pointer("status"), "flipped", "");
        }
      }
    }
  }

  /** Reports on every UPDATE it runs on; says it judges only status changes when {@code changesOnly}. */
  @RuleInfo(id = "update-seen", title = "t", severity = Severity.WARNING, scope = Scope.UPDATE,
      rationale = "r", source = "s")
  static final class UpdateSeen implements TransitionRule {
    private final boolean changesOnly;

    UpdateSeen(boolean changesOnly) {
      this.changesOnly = changesOnly;
    }

    @Override
    public void check(TransitionCheck check) {
      check.report("/status", "seen", "");
    }

    @Override
    public boolean reportsOnlyStatusChanges() {
      return changesOnly;
    }
  }

  private static Engine engineWith(TransitionRule rule) {
    return new Engine(Ruleset.builtIn().withRules(List.of(rule, new UnusedSuppression())), Config.DEFAULT);
  }

  private static final Engine ENGINE =
      new Engine(
          Ruleset.builtIn().withRules(List.of(new StatusFlipped(), new EngineTest.ReasonMissing(), new UnusedSuppression())),
          Config.DEFAULT);

  private static Document database(String ignore, String status) {
    return YamlFixtures.document(
        """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
          annotations:
            condlint.dev/ignore: "%s"
        status:
          conditions:
          - type: Ready
            status: "%s"
        """.formatted(ignore, status));
  }

  @Test
  void reportsTheTransitionWithoutASuppression() {
    assertEquals(
        List.of("10:13 warning status-flipped /status/conditions/0/status"),
        lines(ENGINE.checkTransition(database("", "True"), database("", "False"), Optional.empty())));
  }

  @Test
  void theNewObjectsAnnotationSuppressesTransitionFindings() {
    assertEquals(
        List.of(),
        lines(ENGINE.checkTransition(
            database("", "True"), database("status-flipped", "False"), Optional.empty())));
  }

  @Test
  void theOldObjectsAnnotationDoesNot() {
    assertEquals(
        List.of("10:13 warning status-flipped /status/conditions/0/status"),
        lines(ENGINE.checkTransition(
            database("status-flipped", "True"), database("", "False"), Optional.empty())));
  }

  @Test
  void anUnusedTransitionSuppressionIsReported() {
    assertEquals(
        List.of("6:26 info suppression-unused /metadata/annotations/condlint.dev~1ignore"),
        lines(ENGINE.checkTransition(
            database("", "True"), database("status-flipped", "True"), Optional.empty())));
  }

  @Test
  void eachCheckJudgesOnlyTheSuppressionsOfItsOwnRules() {
    // The webhook runs both checks on a /status UPDATE: neither may call the other's suppression unused.
    Document oldObject = database("", "True");
    Document newObject = database("status-flipped, reason-missing", "False");
    assertEquals(List.of(), lines(ENGINE.checkTransition(oldObject, newObject, Optional.empty())));
    assertEquals(List.of(), lines(ENGINE.check(newObject, Optional.empty()).findings()));
  }

  @Test
  void aStatusUpdateRunsTheObjectRulesOnTheNewObjectThenTheUpdateRules() {
    CheckResult result = ENGINE.checkStatusUpdate(database("", "True"), database("", "False"), Optional.empty());

    assertEquals("k8s", result.profile().name());
    assertEquals(
        List.of("9:5 error reason-missing /status/conditions/0/reason",
            "10:13 warning status-flipped /status/conditions/0/status"),
        lines(result.findings()));
  }

  @Test
  void aRuleOfStatusChangesDoesNotRunWhereTheStatusIsUnchanged() {
    Engine engine = engineWith(new UpdateSeen(true));
    // The annotation differs, the status does not.
    assertEquals(List.of(),
        lines(engine.checkTransition(database("", "True"), database("x", "True"), Optional.empty())));
    assertEquals(List.of("7:1 warning update-seen /status"),
        lines(engine.checkTransition(database("", "True"), database("", "False"), Optional.empty())));
  }

  @Test
  void aRuleThatMayReportOnAnUnchangedStatusRunsThere() {
    assertEquals(List.of("7:1 warning update-seen /status"),
        lines(engineWith(new UpdateSeen(false))
            .checkTransition(database("", "True"), database("", "True"), Optional.empty())));
  }

  @Test
  void theSuppressionOfARuleNotRunOnAnUnchangedStatusIsStillUnused() {
    assertEquals(List.of("6:26 info suppression-unused /metadata/annotations/condlint.dev~1ignore"),
        lines(engineWith(new UpdateSeen(true))
            .checkTransition(database("", "True"), database("update-seen", "True"), Optional.empty())));
  }
}
