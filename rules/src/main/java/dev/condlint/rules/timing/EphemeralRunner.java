package dev.condlint.rules.timing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * An ARC EphemeralRunner as its controller reads it (actions/actions-runner-controller
 * apis/actions.github.com/v1alpha1/ephemeralrunner_types.go): the phase, with the reason and message
 * the controller writes beside it, and the recorded pod failures.
 */
public final class EphemeralRunner {
  /** The phase ARC sets when it gives up on a runner (EphemeralRunnerPhaseFailed). */
  public static final String FAILED = "Failed";

  /** The phase of a runner that is online (EphemeralRunnerPhaseRunning). */
  public static final String RUNNING = "Running";

  /** The reason ARC before PR #4059 gave a runner whose pod failed more than five times. */
  public static final String TOO_MANY_POD_FAILURES = "TooManyPodFailures";

  private final JsonNode object;
  private final RunnerFailures failures;

  private EphemeralRunner(JsonNode object) {
    this.object = object;
    this.failures = RunnerFailures.of(object);
  }

  public static EphemeralRunner of(JsonNode object) {
    return new EphemeralRunner(object);
  }

  public Optional<String> phase() {
    return text("phase");
  }

  public Optional<String> reason() {
    return text("reason").filter(s -> !s.isEmpty());
  }

  /**
   * The message ARC wrote, without the {@code ": "} it leaves at the end when the pod's own message,
   * which it appends, is empty ("Pod has failed to start more than 5 times: ").
   */
  public Optional<String> message() {
    return text("message").map(s -> s.replaceAll("[:\\s]+$", "")).filter(s -> !s.isEmpty());
  }

  public boolean isFailed() {
    return phase().filter(FAILED::equals).isPresent();
  }

  public boolean isRunning() {
    return phase().filter(RUNNING::equals).isPresent();
  }

  public RunnerFailures failures() {
    return failures;
  }

  /** Whether {@code metadata.deletionTimestamp} is set: the runner is on its way out. */
  public boolean isDeleting() {
    JsonNode ts = object.path("metadata").path("deletionTimestamp");
    return ts.isTextual() && !ts.asText().isEmpty();
  }

  private Optional<String> text(String field) {
    JsonNode node = object.path("status").path(field);
    return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
  }
}
