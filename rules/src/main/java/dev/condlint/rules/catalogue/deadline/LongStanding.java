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
      pick.apply(list)
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
