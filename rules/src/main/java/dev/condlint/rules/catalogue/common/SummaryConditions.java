package dev.condlint.rules.catalogue.common;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.rules.api.ListFact;
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

  /**
   * The summary conditions of the list, in list order (unmodifiable). Several rules ask it of every list:
   * worked out once per list and object ({@link ListFact#ofList}).
   */
  public static List<Condition> in(ObjectCheck check, ConditionList list) {
    return check.fact(IN, list);
  }

  /** The summary conditions whose status is exactly {@code "True"} (unmodifiable); once per list and object. */
  public static List<Condition> trueIn(ObjectCheck check, ConditionList list) {
    return check.fact(TRUE_IN, list);
  }

  /** The first summary condition whose status is exactly {@code "True"}. */
  public static Optional<Condition> firstTrueIn(ObjectCheck check, ConditionList list) {
    List<Condition> trueIn = trueIn(check, list);
    return trueIn.isEmpty() ? Optional.empty() : Optional.of(trueIn.get(0));
  }

  private static final ListFact<List<Condition>> IN = ListFact.ofList((check, list) -> {
    List<String> types = types(check.contractOf(list));
    return list.conditions().stream().filter(c -> c.type().filter(types::contains).isPresent()).toList();
  });

  private static final ListFact<List<Condition>> TRUE_IN =
      ListFact.ofList((check, list) -> in(check, list).stream().filter(Condition::isTrue).toList());
}
