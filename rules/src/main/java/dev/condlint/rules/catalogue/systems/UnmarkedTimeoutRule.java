package dev.condlint.rules.catalogue.systems;

import dev.condlint.model.HumanDuration;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.Deadline;
import dev.condlint.rules.timing.DeployItemJob;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A rule that reports a deploy item whose current job has run past one of the Landscaper's timeouts
 * without being marked failed; the finding stands at the field the timeout is counted from.
 *
 * <p>Its one option is its timeout under the key the Landscaper's own {@code deployItemTimeouts} gives
 * it ({@code pickup}, {@code progressingDefault}, {@code abort}): a Go duration, or {@code none} or zero
 * for no timeout, as the Landscaper reads it. Unset, the catalogue's default (the Landscaper's) applies.
 * Each rule's options record has that one component, so the configuration loader refuses any other key
 * and suggests this one.
 */
abstract class UnmarkedTimeoutRule<O extends Record & UnmarkedTimeoutRule.Timeout>
    implements ObjectRule, Configurable<O> {

  /** The options of a timeout rule: the configured timeout, zero for none, {@code null} when unset. */
  interface Timeout {
    Duration timeout();
  }

  private final LandscaperTimeout timeout;
  private final Class<O> optionsType;
  private final String waiting;
  private final String whoMarks;
  private final String hint;

  /**
   * @param optionsType the rule's options record, whose one component is named by {@code timeout}'s key
   * @param waiting what the job has done since the deadline started, in a few words ("has waited for a
   *     deployer")
   * @param whoMarks who fails an item at this timeout, and how it would look, after "yet the item is not
   *     marked failed: "
   */
  UnmarkedTimeoutRule(
      LandscaperTimeout timeout, Class<O> optionsType, String waiting, String whoMarks, String hint) {
    var components = optionsType.getRecordComponents();
    if (components.length != 1 || !components[0].getName().equals(timeout.key())) {
      throw new IllegalStateException(optionsType.getName() + " must have one component, " + timeout.key());
    }
    this.timeout = timeout;
    this.optionsType = optionsType;
    this.waiting = waiting;
    this.whoMarks = whoMarks;
    this.hint = hint;
  }

  @Override
  public final Class<O> optionsType() {
    return optionsType;
  }

  /** The configured timeout as an override by key (empty: no timeout), or no override when it is not set. */
  final Map<String, Optional<Duration>> overrides(O options) {
    Duration configured = options.timeout();
    return configured == null
        ? Map.of()
        : Map.of(timeout.key(), Optional.of(configured).filter(d -> !d.isZero()));
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
    job.runningTimeout(timing, overrides(check.options(this)))
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
