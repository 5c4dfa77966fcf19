package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import dev.condlint.rules.profile.ProfileSettings;
import java.util.ArrayList;
import java.util.List;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import java.util.Optional;
import java.util.Set;

/** B11: the summary condition is not True while a negative type is True or a dependent type False. */
// Every condition list: Gateway API's negative types (Conflicted, OverlappingTLSConfig) live on
// listeners. Built-in kinds are skipped: the registries describe custom-resource ecosystems, not the
// conditions Kubernetes components write.
@RuleInfo(
    id = "summary-true-while-abnormal",
    code = "B11",
    title = "The summary is not True while another condition is abnormal",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "A summary condition summarises the others: it cannot be True while a negative-polarity"
            + " condition reports a problem (True) or a dependent positive condition is False. Needs the"
            + " polarity registry (negativeTypes, dependentTypes) to know which types count. Reconciling"
            + " is excluded (it may be True mid-reconcile, B12), and so is Stalled (B10 reports it).",
    source =
        "fluxcd/pkg runtime/conditions/check FAIL0001; Cluster API conditions proposal (an object SHOULD"
            + " NEVER be Ready=True if one of its conditions is false)",
    builtinKinds = false)
public final class SummaryTrueWhileAbnormal implements ObjectRule {
  private static final Set<String> LEFT_TO_OTHER_RULES = Set.of("Reconciling", "Stalled");

  @Override
  public void check(ObjectCheck check) {
    ProfileSettings settings = check.settings();
    for (ConditionList list : check.conditionLists()) {
      ListContract contract = check.contractOf(list);
      List<Condition> summaries = StatusViews.summaryConditions(check, list);
      List<String> abnormal = new ArrayList<>();
      List<ContractBasis> bases = new ArrayList<>();
      contract.summary().ifPresent(s -> bases.add(s.basis()));
      for (Condition c : list.conditions()) {
        String type = c.type().orElse("");
        if (LEFT_TO_OTHER_RULES.contains(type) || summaries.contains(c) || contract.coexistsWithSummary(type)) {
          continue;
        }
        Optional<Known<Polarity>> polarity = contract.knownPolarity(type);
        if (polarity.filter(p -> p.value() == Polarity.ABNORMAL_TRUE).isPresent() && c.isTrue()) {
          abnormal.add(type + " is True");
          bases.add(polarity.get().basis());
        } else if (settings.dependentTypes().contains(type) && c.isFalse()) {
          abnormal.add(type + " is False");
        }
      }
      if (abnormal.isEmpty()) {
        continue;
      }
      // What the finding rests on: an inferred part makes it inferred.
      ContractBasis basis = bases.stream().filter(b -> !b.source().isDeclared()).findFirst()
          .orElse(bases.isEmpty() ? new ContractBasis(ContractBasis.Source.CONFIG, "settings.dependentTypes") : bases.get(0));
      for (Condition summary : summaries) {
        if (!summary.isTrue()) {
          continue;
        }
        String type = summary.type().orElseThrow();
        check.report(
            basis,
            Severity.ERROR,
            summary.pointer("status"),
            "Condition '" + type + "' is True while " + String.join(" and ", abnormal) + "; a summary"
                + " condition cannot report success while a condition it summarises reports a problem."
                + KstatusVerdict.suffix(check),
            "Set '" + type + "' to False (with the problem's reason) until the other conditions are"
                + " normal, or declare the type's polarity in the contracts of .condlint.yaml if it is not what"
                + " its name says.");
      }
    }
  }
}
