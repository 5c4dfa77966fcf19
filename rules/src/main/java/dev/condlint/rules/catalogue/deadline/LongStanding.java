package dev.condlint.rules.catalogue.deadline;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.HumanDuration;
import dev.condlint.rules.api.ObjectCheck;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Reports, in each condition list, the chosen condition when it has held its status for longer than a deadline. */
final class LongStanding {
  private LongStanding() {}

  /**
   * @param pick the condition to look at in a list, if any
   * @param message the message for a condition and its "since ... (... ago)" text
   */
  static void report(
      ObjectCheck check,
      Duration deadline,
      Instant now,
      Function<ConditionList, Optional<Condition>> pick,
      BiFunction<Condition, String, String> message,
      String hint) {
    for (ConditionList list : check.conditionLists()) {
      // A condition the CRD's default put there says the object was never reconciled; its 1970 time is
      // no transition, so no deadline has run out (nor is any reconcile under way to take too long).
      pick.apply(list)
          .filter(c -> !check.contractOf(list).isPlaceholder(c))
          .ifPresent(
              c ->
                  Timestamps.transitionOlderThan(c, deadline, now)
                      .ifPresent(
                          since ->
                              check.report(
                                  c.pointer("lastTransitionTime"),
                                  message.apply(c, HumanDuration.ago(since, now)),
                                  hint)));
    }
  }
}
