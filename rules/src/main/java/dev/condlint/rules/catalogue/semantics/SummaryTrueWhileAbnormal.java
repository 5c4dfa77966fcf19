package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import dev.condlint.rules.contract.Summary;
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
            + " condition it sums up reports a problem (True) or a dependent positive condition is False."
            + " What counts is the contract's: the types its summary sums up where the kind's API says"
            + " (Karpenter's NodeClaim Ready sums up Launched, Registered, Initialized; OpenShift's"
            + " ClusterOperator Available sums up none of its siblings), else the declared negative types"
            + " and the configured dependentTypes; a polarity read from a type's name alone is no contract."
            + " A summary whose True reports a problem (MachineConfigPool's Degraded) claims no success."
            + " Reconciling is excluded (it may be True mid-reconcile, B12), and so is Stalled (B10 reports it).",
    source =
        "fluxcd/pkg runtime/conditions/check FAIL0001; Cluster API conditions proposal (an object SHOULD"
            + " NEVER be Ready=True if one of its conditions is false)",
    builtinKinds = false)
public final class SummaryTrueWhileAbnormal implements ObjectRule {
  private static final Set<String> LEFT_TO_OTHER_RULES = Set.of("Reconciling", "Stalled");

  @Override
  public void check(ObjectCheck check) {
    for (ConditionList list : check.conditionLists()) {
      ListContract contract = check.contractOf(list);
      List<Condition> summaries = StatusViews.summaryConditions(check, list);
      for (Condition summary : summaries) {
        if (!summary.isTrue()) {
          continue;
        }
        String type = summary.type().orElseThrow();
        // A summary whose True reports a problem (MachineConfigPool's Degraded) claims no success.
        if (contract.knownPolarity(type).filter(p -> p.value() == Polarity.ABNORMAL_TRUE).isPresent()) {
          continue;
        }
        List<ContractBasis> bases = new ArrayList<>();
        List<String> abnormal = abnormalBeside(check, list, contract, summaries, type, bases);
        if (abnormal.isEmpty()) {
          continue;
        }
        // What the finding rests on: an inferred part makes it inferred.
        ContractBasis basis = bases.stream().filter(b -> !b.source().isDeclared()).findFirst()
            .orElse(bases.isEmpty() ? new ContractBasis(ContractBasis.Source.CONFIG, "settings.dependentTypes") : bases.get(0));
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

  /**
   * The conditions that the True summary of this type sums up and that report a problem. Where the
   * contract says what the summary sums up, exactly those types count: an abnormal-true one that is
   * True, a normal-true one that is False. Where it does not, a True abnormal-true type counts only when
   * both the summary and the type's polarity are declared (a name alone is no contract), and a False
   * type only when the configuration names it dependent.
   */
  private static List<String> abnormalBeside(
      ObjectCheck check, ConditionList list, ListContract contract, List<Condition> summaries, String summaryType,
      List<ContractBasis> bases) {
    Optional<Known<Summary>> declared = contract.summary().filter(Known::isDeclared);
    Optional<Set<String>> sumsUp = declared.flatMap(k -> k.value().sumsUp(summaryType));
    List<String> abnormal = new ArrayList<>();
    for (Condition c : list.conditions()) {
      String type = c.type().orElse("");
      if (LEFT_TO_OTHER_RULES.contains(type) || summaries.contains(c) || contract.coexistsWithSummary(type)) {
        continue;
      }
      if (sumsUp.isPresent() && !sumsUp.get().contains(type)) {
        continue;
      }
      Optional<Known<Polarity>> polarity = contract.knownPolarity(type);
      boolean abnormalTrue = polarity.filter(p -> p.value() == Polarity.ABNORMAL_TRUE).isPresent() && c.isTrue();
      boolean normalFalse = polarity.filter(p -> p.value() == Polarity.NORMAL_TRUE).isPresent() && c.isFalse();
      if (sumsUp.isPresent() && (abnormalTrue || normalFalse)) {
        abnormal.add(type + " is " + c.status());
        bases.add(declared.get().basis());
      } else if (sumsUp.isEmpty() && abnormalTrue && declared.isPresent() && polarity.get().isDeclared()) {
        abnormal.add(type + " is True");
        bases.add(polarity.get().basis());
      } else if (check.settings().facts().dependentTypes().contains(type) && c.isFalse()) {
        abnormal.add(type + " is False");
      }
    }
    return abnormal;
  }
}
