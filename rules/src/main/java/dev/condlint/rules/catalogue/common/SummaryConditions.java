package dev.condlint.rules.catalogue.common;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
import java.util.List;
import java.util.Optional;

/**
 * Finds a list's summary conditions (Ready, Succeeded, Accepted...): the types its contract names as
 * summaries, whatever the contract rests on (a list whose only summary-like type is Ready has Ready).
 */
public final class SummaryConditions {
  private SummaryConditions() {}

  /** Whether the condition's type is one of its list's summary types. */
  public static boolean isSummary(ObjectCheck check, Condition condition) {
    List<String> types = types(check.contractOf(condition));
    return condition.type().filter(types::contains).isPresent();
  }

  /** What makes this condition a summary: the basis of its list's summary types. */
  public static Optional<ContractBasis> basis(ObjectCheck check, Condition summary) {
    return check.contractOf(summary).summary().map(Known::basis);
  }

  /** The summary types of a list's contract; none where nothing names one. */
  public static List<String> types(ListContract contract) {
    return contract.summary().map(k -> k.value().types()).orElse(List.of());
  }

  /** The summary conditions of the list, in list order. */
  public static List<Condition> in(ObjectCheck check, ConditionList list) {
    List<String> types = types(check.contractOf(list));
    return list.conditions().stream().filter(c -> c.type().filter(types::contains).isPresent()).toList();
  }

  /** The summary conditions whose status is exactly {@code "True"}. */
  public static List<Condition> trueIn(ObjectCheck check, ConditionList list) {
    return in(check, list).stream().filter(Condition::isTrue).toList();
  }

  /** The first summary condition whose status is exactly {@code "True"}. */
  public static Optional<Condition> firstTrueIn(ObjectCheck check, ConditionList list) {
    return trueIn(check, list).stream().findFirst();
  }
}
