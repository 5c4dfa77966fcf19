package dev.condlint.admission;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionPair;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.util.List;

/** Small rules, one per scope, so each decision path has something to find before the catalogue lands. */
public final class TestRules {
  private TestRules() {}

  public static Engine engine() {
    return new Engine(Ruleset.builtIn().withRules(all()), Config.DEFAULT);
  }

  /** One rule per scope: an error and a warning on objects, a transition warning, a CRD error. */
  public static List<Rule> all() {
    return List.of(new FalseIsError(), new LowercaseType(), new StatusFlipKeepsTime(), new CrdWithoutStatus());
  }

  @RuleInfo(id = "test-false-is-error", title = "t", severity = Severity.ERROR, scope = Scope.OBJECT,
      rationale = "r", source = "s")
  static final class FalseIsError implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      for (Condition c : check.allConditions()) {
        if (c.isFalse()) {
          check.report(c.pointer("status"), "Condition is \"False\".", "Make it True.");
        }
      }
    }
  }

  @RuleInfo(id = "test-lowercase-type", title = "t", severity = Severity.WARNING, scope = Scope.OBJECT,
      rationale = "r", source = "s")
  static final class LowercaseType implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      for (Condition c : check.allConditions()) {
        String type = c.type().orElse("");
        if (!type.isEmpty() && Character.isLowerCase(type.charAt(0))) {
          check.report(c.pointer("type"), "Type \"" + type + "\" starts in lower case.", "Use PascalCase.");
        }
      }
    }
  }

  @RuleInfo(id = "test-status-flip-keeps-time", title = "t", severity = Severity.WARNING, scope = Scope.UPDATE,
      rationale = "r", source = "s")
  static final class StatusFlipKeepsTime implements TransitionRule {
    @Override
    public void check(TransitionCheck check) {
      for (ConditionPair pair : check.conditionPairs()) {
        if (pair.statusChanged() && !pair.changed(ConditionPair.LAST_TRANSITION_TIME)) {
          check.report(pair.after().pointer("lastTransitionTime"), "Status changed, time did not.", "Bump it.");
        }
      }
    }
  }

  @RuleInfo(id = "test-crd-without-status", title = "t", severity = Severity.ERROR, scope = Scope.CRD,
      rationale = "r", source = "s")
  static final class CrdWithoutStatus implements CrdRule {
    @Override
    public void check(CrdCheck check) {
      if (!check.version().path("subresources").has("status")) {
        check.report(check.versionPointer() + "/subresources/status", "No status subresource.", "Add one.");
      }
    }
  }
}
