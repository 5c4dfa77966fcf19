package dev.condlint.rules.generation;

import dev.condlint.rules.Condition;
import dev.condlint.rules.ConditionList;
import dev.condlint.rules.ObjectCheck;
import java.util.List;

/** Finds the profile's summary conditions (Ready, Succeeded, Accepted...) of the object's kind in a list. */
public final class SummaryConditions {
  private SummaryConditions() {}

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
}
