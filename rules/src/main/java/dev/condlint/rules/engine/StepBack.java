package dev.condlint.rules.engine;

import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The step-back stage. One node, one finding: a missing message, a lower-case status or an unknown
 * condition field breaks the CRD's item schema too, but the condition rule that reports it says more
 * and gives the fix. So a finding of a rule that {@linkplain RuleInfo#stepsBackForOtherRules steps back}
 * (a schema finding) is dropped where another rule reports the same node at least as severely (it stays
 * where that rule is milder than the API server, which rejects the object). Immutable.
 */
final class StepBack {
  /** The ids of the rules that step back (the CRD schema rules). */
  private final Set<String> steppingBack;

  StepBack(Set<String> steppingBack) {
    this.steppingBack = Set.copyOf(steppingBack);
  }

  List<Finding> apply(List<Finding> findings) {
    if (!anySteppingBack(findings)) {
      return findings;
    }
    Map<String, Severity> reported = new HashMap<>();
    for (Finding f : findings) {
      if (!steppingBack.contains(f.ruleId())) {
        reported.merge(f.pointer(), f.severity(), Severity::max);
      }
    }
    List<Finding> kept = new ArrayList<>();
    for (Finding f : findings) {
      Severity other = reported.get(f.pointer());
      if (!steppingBack.contains(f.ruleId()) || other == null || !other.atLeast(f.severity())) {
        kept.add(f);
      }
    }
    return kept;
  }

  private boolean anySteppingBack(List<Finding> findings) {
    for (Finding f : findings) {
      if (steppingBack.contains(f.ruleId())) {
        return true;
      }
    }
    return false;
  }
}
