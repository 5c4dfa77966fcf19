package dev.condlint.rules.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.condlint.model.Condition;
import dev.condlint.model.Document;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.testing.RuleRun;
import dev.condlint.rules.testing.YamlFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * An evaluation stops at the checkpoints of its {@link Cancellation}: between rules, and at each finding
 * a rule reports, so between two items of a list; and once its rules reported more than a limit.
 */
class CancellationTest {
  private static final Document TEN_CONDITIONS = YamlFixtures.document(YamlFixtures.databaseWithConditions(
      String.join("", java.util.stream.IntStream.range(0, 10)
          .mapToObj(i -> "  - type: T" + i + "\n    status: \"True\"\n").toList())));

  /** Reports every condition, cancelling the token as it reaches the one {@link #cancelAt} names. */
  @RuleInfo(id = "every-condition", title = "t", severity = Severity.WARNING, scope = Scope.OBJECT,
      rationale = "r", source = "s")
  static final class EveryCondition implements ObjectRule {
    final List<String> visited = new ArrayList<>();
    Cancellation token;
    int cancelAt = -1;

    @Override
    public void check(ObjectCheck check) {
      for (Condition c : check.allConditions()) {
        visited.add(c.text("type").orElse(""));
        if (visited.size() == cancelAt + 1) {
          // Stands for the caller's thread, which cancels while the rule is in its loop.
          token.cancel("the deadline answered");
        }
        check.report(c.pointer("type"), "seen", "");
      }
    }
  }

  /** Counts its runs. */
  @RuleInfo(id = "later-rule", title = "t", severity = Severity.INFO, scope = Scope.OBJECT, rationale = "r",
      source = "s")
  static final class LaterRule implements ObjectRule {
    int runs;

    @Override
    public void check(ObjectCheck check) {
      runs++;
    }
  }

  private static Engine engine(Rule... rules) {
    return new Engine(Ruleset.builtIn().withRules(List.of(rules)), Config.DEFAULT);
  }

  @Test
  void aRuleReportingOnEveryItemStopsBetweenTwoItemsAndNoLaterRuleRuns() {
    EveryCondition every = new EveryCondition();
    LaterRule later = new LaterRule();
    Engine engine = engine(every, later);
    Cancellation token = Cancellation.create();
    every.token = token;
    every.cancelAt = 3;
    Cancellation.Cancelled stopped = assertThrows(Cancellation.Cancelled.class,
        () -> token.run(() -> engine.check(TEN_CONDITIONS, Optional.empty())));
    assertEquals("the deadline answered", stopped.getMessage());
    assertEquals(List.of("T0", "T1", "T2", "T3"), every.visited);
    assertEquals(0, later.runs);
    assertEquals(Optional.of("the deadline answered"), token.reason());
  }

  @Test
  void aTokenCancelledBeforeTheEvaluationRunsNoRule() {
    LaterRule later = new LaterRule();
    Cancellation token = Cancellation.create();
    token.cancel("first");
    token.cancel("second");
    Cancellation.Cancelled stopped = assertThrows(Cancellation.Cancelled.class,
        () -> token.run(() -> engine(later).check(TEN_CONDITIONS, Optional.empty())));
    assertEquals("first", stopped.getMessage());
    assertEquals(0, later.runs);
  }

  @Test
  void moreFindingsThanTheLimitStopTheEvaluation() {
    EveryCondition every = new EveryCondition();
    Engine engine = engine(every);
    Cancellation.Cancelled stopped = assertThrows(Cancellation.Cancelled.class,
        () -> Cancellation.withReportLimit(4).run(() -> engine.check(TEN_CONDITIONS, Optional.empty())));
    assertEquals("its rules reported more than 4 findings", stopped.getMessage());
    assertEquals(List.of("T0", "T1", "T2", "T3", "T4"), every.visited);

    // At the limit, the evaluation finishes with every finding.
    EveryCondition atLimit = new EveryCondition();
    assertEquals(10, Cancellation.withReportLimit(10)
        .run(() -> engine(atLimit).check(TEN_CONDITIONS, Optional.empty())).findings().size());
  }

  @Test
  void anEvaluationOutsideRunIsNotCancelledAndTheTokenIsUnboundAfterward() {
    EveryCondition every = new EveryCondition();
    Engine engine = engine(every);
    Cancellation token = Cancellation.withReportLimit(1);
    assertThrows(Cancellation.Cancelled.class, () -> token.run(() -> engine.check(TEN_CONDITIONS, Optional.empty())));
    // The same thread, after run: the limit no longer applies.
    assertEquals(List.of("7:11 warning every-condition /status/conditions/0/type"),
        RuleRun.lines(engine.check(TEN_CONDITIONS, Optional.empty()).findings()).subList(0, 1));
    assertEquals(10, engine.check(TEN_CONDITIONS, Optional.empty()).findings().size());
  }
}
