package dev.condlint.rules.catalogue.systems;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.HumanDuration;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleOption;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.Deadline;
import dev.condlint.rules.timing.DeployItemJob;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A rule that reports a deploy item whose current job has run past one of the Landscaper's timeouts
 * without being marked failed; the finding stands at the field the timeout is counted from.
 *
 * <p>Its one option is its timeout under the key the Landscaper's own {@code deployItemTimeouts} gives
 * it ({@code pickup}, {@code progressingDefault}, {@code abort}): a Go duration, or {@code none} or zero
 * for no timeout, as the Landscaper reads it. Unset, the catalogue's default (the Landscaper's) applies.
 * The rule declares no other key, so the configuration loader refuses any other and suggests this one.
 */
abstract class UnmarkedTimeoutRule implements ObjectRule, Configurable<Map<String, Optional<Duration>>> {
  private final LandscaperTimeout timeout;
  private final RuleOption option;
  private final String waiting;
  private final String whoMarks;
  private final String hint;

  /**
   * @param description what the option measures, for the rule's docs and the configuration schema
   * @param waiting what the job has done since the deadline started, in a few words ("has waited for a
   *     deployer")
   * @param whoMarks who fails an item at this timeout, and how it would look, after "yet the item is not
   *     marked failed: "
   */
  UnmarkedTimeoutRule(LandscaperTimeout timeout, String description, String waiting, String whoMarks, String hint) {
    this.timeout = timeout;
    this.option = RuleOption.duration(timeout.key(), description);
    this.waiting = waiting;
    this.whoMarks = whoMarks;
    this.hint = hint;
  }

  @Override
  public final List<RuleOption> declaredOptions() {
    return List.of(option);
  }

  /** The configured timeout as an override by key, or no override when the option is not set. */
  @Override
  public final Map<String, Optional<Duration>> options(JsonNode options) {
    return options.has(option.key()) ? Map.of(option.key(), option.duration(options, Optional.empty())) : Map.of();
  }

  @Override
  public final void check(ObjectCheck check) {
    Optional<Timing> timing = SystemTiming.of(check, Timing.Model.LANDSCAPER_DEPLOY_ITEM);
    if (timing.isEmpty()) {
      return;
    }
    DeployItemJob job = DeployItemJob.of(check.object());
    checkTimeoutInput(check, job);
    if (check.now().isPresent()) {
      reportUnmarked(check, job, timing.get(), check.now().get());
    }
  }

  /** Reports what keeps the Landscaper from reading this rule's timeout on the item; nothing by default. */
  void checkTimeoutInput(ObjectCheck check, DeployItemJob job) {}

  private void reportUnmarked(ObjectCheck check, DeployItemJob job, Timing timing, Instant now) {
    if (job.timeoutFailure().isPresent()) {
      // Marked, if not in every field: landscaper-timeout-failure-inconsistent says which.
      return;
    }
    job.runningTimeout(timing, check.options(this))
        .filter(running -> running.timeout() == timeout && running.deadline().reachedBy(now))
        .ifPresent(running -> {
          Deadline deadline = running.deadline();
          check.report(
              deadline.start().pointer(),
              "Job \"" + job.jobId().orElseThrow() + "\" " + waiting + " since " + deadline.start().field() + " "
                  + HumanDuration.ago(deadline.start().at(), now) + ": the " + timeout.words() + " of "
                  + deadline.describeLength() + " has run out, yet the item is not marked failed: " + whoMarks,
              hint);
        });
  }
}
