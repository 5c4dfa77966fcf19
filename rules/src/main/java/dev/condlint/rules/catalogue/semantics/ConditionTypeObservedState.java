package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** B03: a condition type names an observed state, not a transition in progress ({@code Deploying}). */
// Built-in kinds are skipped: their types are fixed by Kubernetes (and Deployment's Progressing is
// the allow-listed example of a long-running state).
@RuleInfo(
    id = "condition-type-observed-state",
    code = "B03",
    title = "Condition types describe an observed state, not a transition",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "Conditions are observations, not state machines: a type such as 'Deploying' goes stale the"
            + " moment the transition ends, whereas 'Deployed' stays true or false. Long-running"
            + " transitions (Reconciling, Progressing, Resizing) are accepted as observed states, so"
            + " they are allow-listed.",
    source =
        "api-conventions ('an adjective (\"Ready\", \"OutOfDisk\") or a past-tense verb (\"Succeeded\","
            + " \"Failed\") rather than a present-tense verb (\"Deploying\")')",
    builtinKinds = false)
public final class ConditionTypeObservedState implements ObjectRule {
  private static final Pattern FIRST_WORD = Pattern.compile("[A-Za-z][a-z0-9]*");
  // Words ending in -ing that are adjectives of a state, not a transition under way.
  private static final Set<String> STATE_ADJECTIVES = Set.of("Missing", "Pending", "Outstanding");
  // Shorter words ending in -ing are nouns or bare verbs (Ring, Ping), not present participles.
  private static final int SHORTEST_PARTICIPLE = 5;

  @Override
  public void check(ObjectCheck check) {
    Set<String> allowed = check.settings().facts().observedStateTypes();
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        String name = list.typeName(i);
        // Only a name that is one word ending in -ing is reported: most names are ruled out without the regex.
        if (name.endsWith("ing")) {
          check(check, list.condition(i), name, allowed);
        }
      }
    }
  }

  private static void check(ObjectCheck check, Condition c, String name, Set<String> allowed) {
    String type = c.type().orElse("");
    Matcher word = FIRST_WORD.matcher(name);
    if (!word.lookingAt() || allowed.contains(name) || allowed.contains(type)) {
      return;
    }
    String first = word.group();
    // A participle before a noun names a state (RollingUpdate, PendingRestart): only a type that is
    // the verb alone (Deploying) describes a transition under way.
    if (!first.equals(name) || !first.endsWith("ing") || first.length() < SHORTEST_PARTICIPLE
        || STATE_ADJECTIVES.contains(first)) {
      return;
    }
    String verb = "is a present-tense verb";
    check.report(
        c.pointer("type"),
        "Condition type '" + type + "' " + verb + ", which describes a transition rather than an observed"
            + " state; the API conventions prefer an adjective ('Ready') or a past-tense verb ('Succeeded').",
        "Name the state the transition leads to (e.g. 'Deployed' for 'Deploying') and show the"
            + " transition with status Unknown; if '" + type + "' is a long-running state, add it to"
            + " observedStateAllowList.");
  }
}
