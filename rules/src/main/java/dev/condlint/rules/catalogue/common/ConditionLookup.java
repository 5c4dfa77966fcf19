package dev.condlint.rules.catalogue.common;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import java.util.Optional;

/** Condition lookups the way kstatus does them: the first match in list order decides. */
public final class ConditionLookup {
  private ConditionLookup() {}

  /** The first condition of the type with this exact (case-sensitive) status, in list order. */
  public static Optional<Condition> firstWith(ConditionList list, String type, String status) {
    return list.firstWith(type, status);
  }
}
