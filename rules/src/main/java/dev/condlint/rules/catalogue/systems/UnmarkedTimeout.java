package dev.condlint.rules.catalogue.systems;

import dev.condlint.model.HumanDuration;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.Timing;
import dev.condlint.rules.timing.Deadline;
import dev.condlint.rules.timing.DeployItemJob;
import dev.condlint.rules.timing.LandscaperTimeout;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Reports a deploy item whose current job has run past one of the Landscaper's timeouts without being
 * marked failed: the finding stands at the field the timeout is counted from.
 */
final class UnmarkedTimeout {
  private UnmarkedTimeout() {}

  /**
   * @param waiting what the job has done since the deadline started, in a few words ("has waited for a
   *     deployer")
   * @param whoMarks who fails an item at this timeout, and how it would look, after "yet the item is not
   *     marked failed: "
   */
  static void report(
      ObjectCheck check,
      LandscaperTimeout timeout,
      Map<String, Optional<Duration>> overrides,
      String waiting,
      String whoMarks,
      String hint) {
    Optional<Timing> timing = SystemTiming.of(check, Timing.Model.LANDSCAPER_DEPLOY_ITEM);
    if (timing.isEmpty() || check.now().isEmpty()) {
      return;
    }
    DeployItemJob job = DeployItemJob.of(check.object());
    if (job.timeoutFailure().isPresent()) {
      // Marked, if not in every field: landscaper-timeout-failure-inconsistent says which.
      return;
    }
    job.runningTimeout(timing.get(), overrides)
        .filter(running -> running.timeout() == timeout && running.deadline().reachedBy(check.now().get()))
        .ifPresent(running -> {
          Deadline deadline = running.deadline();
          check.report(
              deadline.start().pointer(),
              "Job \"" + job.jobId().orElseThrow() + "\" " + waiting + " since " + deadline.start().field() + " "
                  + HumanDuration.ago(deadline.start().at(), check.now().get()) + ": the " + timeout.words() + " of "
                  + deadline.describeLength() + " has run out, yet the item is not marked failed: " + whoMarks,
              hint);
        });
  }
}
