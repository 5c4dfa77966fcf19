package dev.condlint.rules.catalogue.common;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.rules.api.ObjectCheck;
import java.util.List;
import java.util.Optional;

/** Finds the profile's summary conditions (Ready, Succeeded, Accepted...) of the object's kind in a list. */
public final class SummaryConditions {
  private SummaryConditions() {}

  /** Whether the condition's type is one of the profile's summary types for the object's kind. */
  public static boolean isSummary(ObjectCheck check, Condition condition) {
    List<String> types = check.settings().summaryTypesFor(check.ref().kind());
    return condition.type().filter(types::contains).isPresent();
  }

  /** The summary conditions of the list, in list order. */
  public static List<Condition> in(ObjectCheck check, ConditionList list) {
    return list.conditions().stream().filter(c -> isSummary(check, c)).toList();
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
