package dev.condlint.rules.catalogue.deadline;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.GoDuration;
import dev.condlint.model.HumanDuration;
import dev.condlint.model.Rfc3339;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.StreamSupport;

/** A change no controller has picked up within the pickup deadline. */
@RuleInfo(
    id = PickupDeadlineExceeded.ID,
    title = "No controller has observed the latest change within the pickup deadline",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "A controller that has seen a change sets status.observedGeneration to metadata.generation, even"
            + " before it finishes. When neither that nor any status appears for minutes after the last"
            + " write, the controller is not running, not watching this namespace, or failing before it"
            + " writes status; kstatus reports InProgress (LatestGenerationNotObserved) or Current (no"
            + " status) meanwhile, and never Failed. A missing status is only info for a kind nothing"
            + " describes (no CRD with condition lists, catalogue or configuration entry): it may have none.",
    source =
        "cli-utils pkg/kstatus/status (generic.go checkGeneration); api-conventions (observedGeneration);"
            + " kstatus README (the abnormal-true pattern and a controller that is not running)")
public final class PickupDeadlineExceeded extends DeadlineRule<PickupDeadlineExceeded.Options> {
  static final String ID = "pickup-deadline-exceeded";

  private static final Duration DEFAULT = Duration.ofMinutes(5);
  private static final String HINT =
      "Check that the controller for this kind is running and watches this namespace; once it sees the"
          + " change it should set status.observedGeneration to metadata.generation.";

  /** {@code rules.pickup-deadline-exceeded.options}. */
  public record Options(
      @JsonPropertyDescription("How long after the last change to the object (its creation or a managedFields time)"
          + " a controller must have observed it; 5m by default.")
      Duration deadline) implements DeadlineRule.Deadline {}

  public PickupDeadlineExceeded() {
    super(Options.class, Optional.of(DEFAULT));
  }

  @Override
  public void check(ObjectCheck check) {
    Optional<Duration> deadline = deadline(check.options(this));
    OptionalLong generation = check.generation();
    if (deadline.isEmpty() || check.now().isEmpty() || generation.isEmpty() || check.isDeleting()) {
      return;
    }
    Instant now = check.now().get();
    Optional<Instant> lastChange = lastChange(check.object().path("metadata"), generation.getAsLong());
    if (lastChange.isEmpty() || !Timestamps.olderThan(lastChange.get(), deadline.get(), now)) {
      return;
    }
    String since = "the last change to the object, at " + HumanDuration.ago(lastChange.get(), now)
        + ", is older than the pickup deadline of " + GoDuration.format(deadline.get());
    JsonNode status = check.object().path("status");
    if (status.isMissingNode() || status.isNull()) {
      // Only a kind known to have a status owes one: a kind nobody described may be configuration that
      // no controller ever writes a status for (Astra's ExecHook), so then this is at most a hint.
      check.report(kindHasStatus(check) ? Severity.ERROR : Severity.INFO, "/status",
          "The object has no status, and " + since + ": no controller has picked it up.", HINT);
      return;
    }
    OptionalLong observed = check.statusObservedGeneration();
    if (observed.isPresent() && observed.getAsLong() < generation.getAsLong()) {
      check.report(
          "/status/observedGeneration",
          "status.observedGeneration is " + observed.getAsLong() + " but metadata.generation is "
              + generation.getAsLong() + ", and " + since + ": no controller has picked up the change.",
          HINT);
    }
  }

  /** A CRD that declares condition lists, or an entry of the configuration or the catalogue for the kind. */
  private static boolean kindHasStatus(ObjectCheck check) {
    return check.crd().map(crd -> !crd.conditionLists().isEmpty()).orElse(false)
        || check.contract().kind().filter(basis -> basis.source() != ContractBasis.Source.CRD).isPresent();
  }

  /**
   * When the object was last written: the newest managedFields time, else creationTimestamp while the
   * spec was never changed (generation 1). A later generation without managedFields was written at a
   * time nothing records, so no deadline can be measured.
   */
  private static Optional<Instant> lastChange(JsonNode metadata, long generation) {
    JsonNode managed = metadata.path("managedFields");
    Optional<Instant> lastManaged = managed.isArray()
        ? StreamSupport.stream(managed.spliterator(), false).map(m -> m.get("time")).map(Rfc3339::parse)
            .flatMap(Optional::stream).max(Instant::compareTo)
        : Optional.empty();
    Optional<Instant> created = Rfc3339.parse(metadata.get("creationTimestamp"));
    if (lastManaged.isPresent()) {
      return created.filter(c -> c.isAfter(lastManaged.get())).or(() -> lastManaged);
    }
    return generation <= 1 ? created : Optional.empty();
  }
}
