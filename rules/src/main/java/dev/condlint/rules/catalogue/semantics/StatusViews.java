package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.rules.api.ListFact;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.catalogue.common.ConditionLookup;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** The views of an object's conditions that several semantic rules share. */
final class StatusViews {
  private StatusViews() {}

  /** The summary conditions of the list's contract that the list holds (first of each type). */
  static List<Condition> summaryConditions(ObjectCheck check, ConditionList list) {
    return check.fact(FIRST_OF_EACH_SUMMARY_TYPE, list);
  }

  /** {@link #summaryConditions}: several rules ask it of every list, so worked out once per list and object. */
  private static final ListFact<List<Condition>> FIRST_OF_EACH_SUMMARY_TYPE = ListFact.ofList((check, list) -> {
    List<Condition> out = new ArrayList<>();
    for (String type : SummaryConditions.types(check.contractOf(list))) {
      list.find(type).ifPresent(out::add);
    }
    return Collections.unmodifiableList(out);
  });

  /**
   * Reports at the status of each of the object's top-level summary conditions (first of each summary
   * type) whose status is {@code status}, with a message and hint written for its type. The kstatus
   * rules look only at the top-level list, as kstatus does.
   */
  static void reportTopLevelSummaries(
      ObjectCheck check, String status, UnaryOperator<String> message, UnaryOperator<String> hint) {
    List<Condition> summaries = check.topLevelConditions().stream()
        .flatMap(list -> summaryConditions(check, list).stream())
        .filter(c -> status.equals(c.status()))
        .toList();
    for (Condition summary : summaries) {
      String type = summary.type().orElseThrow();
      check.report(SummaryConditions.basis(check, summary), summary.pointer("status"), message.apply(type),
          hint.apply(type));
    }
  }

  /** The first top-level condition of this type that is True, as kstatus looks it up. */
  static Optional<Condition> topLevelTrue(ObjectCheck check, String type) {
    return check.topLevelConditions().flatMap(list -> ConditionLookup.firstWith(list, type, Condition.TRUE));
  }

  /** How messages name a condition: by its type, or by its index when it has none. */
  static String label(Condition c) {
    return c.type().map(t -> "condition '" + t + "'").orElse("condition #" + c.index());
  }
}
