package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.GoDuration;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.catalogue.common.SummaryConditions;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.ConditionLookup;
import dev.condlint.rules.catalogue.common.KstatusVerdict;
import dev.condlint.rules.kstatus.KstatusCondition;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A reconcile in progress for longer than the progress deadline, which kstatus reports as InProgress forever. */
@RuleInfo(
    id = ProgressDeadlineExceeded.ID,
    title = "Reconciling for longer than the progress deadline",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "kstatus reports InProgress while Reconciling is True (or the summary condition is Unknown), so"
            + " a controller that never gives up keeps `kubectl wait`, Flux and kpt waiting until their own"
            + " timeouts. Deployments and Knative set a progress deadline and then report the failure;"
            + " kstatus reads Stalled=True as Failed and stops waiting. Only the object's own"
            + " status.conditions, which kstatus reads: a nested list (a Gateway's listeners, ClusterVersion's"
            + " conditional updates and their risks) records evaluations of parts, and an Unknown there is an"
            + " evaluation that could not decide, not work in progress.",
    source =
        "kubernetes-sigs/cli-utils@3219511 pkg/kstatus/status/generic.go checkGenericProperties (reads"
            + " status.conditions only); status.go; Deployment progressDeadlineSeconds"
            + " (ProgressDeadlineExceeded); knative/serving ProgressDeadlineExceeded")
public final class ProgressDeadlineExceeded extends DeadlineRule<ProgressDeadlineExceeded.Options> {
  static final String ID = "progress-deadline-exceeded";

  /** Overrides the configured deadline for one object; {@code none} turns the check off for it. */
  public static final String ANNOTATION = "condlint.dev/progress-deadline";

  private static final Duration DEFAULT = Duration.ofMinutes(10);
  private static final String HINT =
      "Have the controller give up after a deadline and report Stalled=True with reason"
          + " ProgressDeadlineExceeded, as Deployments and Knative do; if this reconcile is expected to"
          + " take longer, set the annotation " + ANNOTATION + " (e.g. 30m) on the object.";

  /** {@code rules.progress-deadline-exceeded.options}. */
  public record Options(
      @JsonPropertyDescription("How long Reconciling may stay True (or the summary condition Unknown) before it is"
          + " reported; 10m by default.")
      Duration deadline) implements DeadlineRule.Deadline {}

  public ProgressDeadlineExceeded() {
    super(Options.class, Optional.of(DEFAULT));
  }

  @Override
  public void check(ObjectCheck check) {
    if (check.now().isEmpty() || check.isDeleting()) {
      return;
    }
    Optional<Duration> deadline = deadline(check);
    if (deadline.isEmpty()) {
      return;
    }
    Duration limit = deadline.get(); // put in words only for a finding
    LongStanding.report(
        check,
        deadline.get(),
        check.now().get(),
        list -> !list.isTopLevel()
                || ConditionLookup.firstWith(list, KstatusCondition.STALLED, Condition.TRUE).isPresent()
            ? Optional.empty()
            : inProgressCondition(list, SummaryConditions.types(check.contractOf(list))),
        (c, since) -> c.type().orElseThrow() + " has been \"" + c.status() + "\" since " + since
            + ", longer than the progress deadline of " + GoDuration.format(limit) + "." + KstatusVerdict.suffix(check),
        HINT);
  }

  /** The first Reconciling=True; without one, the first summary condition that is Unknown. */
  private static Optional<Condition> inProgressCondition(ConditionList list, List<String> summaryTypes) {
    Optional<Condition> reconciling = ConditionLookup.firstWith(list, KstatusCondition.RECONCILING, Condition.TRUE);
    if (reconciling.isPresent()) {
      return reconciling;
    }
    for (String type : summaryTypes) {
      Optional<Condition> unknown = ConditionLookup.firstWith(list, type, Condition.UNKNOWN);
      if (unknown.isPresent()) {
        return unknown;
      }
    }
    return Optional.empty();
  }

  /** The annotation's deadline when it is valid, else the configured one; a bad annotation is reported. */
  private Optional<Duration> deadline(ObjectCheck check) {
    Optional<Duration> configured = deadline(check.options(this));
    var annotation = check.object().path("metadata").path("annotations").get(ANNOTATION);
    if (annotation == null) {
      return configured;
    }
    String pointer = Pointers.of("metadata", "annotations", ANNOTATION);
    try {
      return GoDuration.parse(annotation.asText());
    } catch (IllegalArgumentException e) {
      check.report(
          pointer,
          "The annotation " + ANNOTATION + " is '" + annotation.asText() + "', which is not a Go duration, so"
              + " the configured progress deadline" + configured.map(d -> " of " + GoDuration.format(d)).orElse("")
              + " applies.",
          "Write a Go duration such as 30m or 1h30m, or none to turn the check off for this object.");
      return configured;
    }
  }
}
