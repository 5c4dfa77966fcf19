package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.condlint.model.Condition;
import dev.condlint.model.GoDuration;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.ConditionLookup;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import dev.condlint.rules.kstatus.KstatusCondition;
import java.time.Duration;
import java.util.Optional;

/** Stalled=True for longer than a configured time: a failure nobody has recovered from. */
@RuleInfo(
    id = StalledWithoutRecovery.ID,
    title = "Stalled for longer than the configured time",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "kstatus reports Failed while Stalled is True. A stall that lasts is either a controller that"
            + " stopped retrying or an object that needs a human; the time after which that is worth a"
            + " finding depends on the team, so the rule does nothing until a deadline is configured.",
    source = "cli-utils pkg/kstatus/status (generic.go: Stalled=True is Failed)")
public final class StalledWithoutRecovery extends DeadlineRule<StalledWithoutRecovery.Options> {
  static final String ID = "stalled-without-recovery";

  /** {@code rules.stalled-without-recovery.options}. */
  public record Options(
      @JsonPropertyDescription("How long Stalled may stay True before it is reported; the rule checks nothing until"
          + " it is set.")
      Duration deadline) implements DeadlineRule.Deadline {}

  public StalledWithoutRecovery() {
    super(Options.class, Optional.empty());
  }

  @Override
  public void check(ObjectCheck check) {
    Optional<Duration> deadline = deadline(check.options(this));
    if (deadline.isEmpty() || check.now().isEmpty()) {
      return;
    }
    String limit = ", longer than " + GoDuration.format(deadline.get());
    LongStanding.report(
        check,
        deadline.get(),
        check.now().get(),
        list -> ConditionLookup.firstWith(list, KstatusCondition.STALLED, Condition.TRUE),
        (c, since) -> "Stalled has been \"True\" since " + since + limit + ", with reason '" + c.reason()
            + "'." + KstatusVerdict.suffix(check),
        "Fix what the condition's message describes, or have the controller retry and set Stalled to"
            + " False once it makes progress again.");
  }
}
