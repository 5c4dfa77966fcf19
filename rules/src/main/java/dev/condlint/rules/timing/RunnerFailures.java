package dev.condlint.rules.timing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Pointers;
import dev.condlint.model.Rfc3339;
import dev.condlint.rules.contract.Timing;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An ARC EphemeralRunner's {@code status.failures}: one entry per runner pod that failed, keyed by the
 * pod's UID. Since ARC's PR #4059 (gha-runner-scale-set 0.12.0) the value is the time the controller
 * recorded the failure; before, it was {@code true}.
 */
public final class RunnerFailures {
  private static final String POINTER = "/status/failures";

  /** One recorded failure: the pod UID, its pointer, the value, and the time when the value is one. */
  public record Failure(String podUid, String pointer, JsonNode value, Optional<Instant> time) {}

  /**
   * Two failures, in time order, that lie closer together than the backoff ARC waits after the
   * {@code ordinal}-th failure before it creates the pod whose failure is {@code later}.
   */
  public record Gap(Failure earlier, Failure later, int ordinal, Duration required) {
    public Duration actual() {
      return Duration.between(earlier.time().orElseThrow(), later.time().orElseThrow());
    }
  }

  private final List<Failure> all;

  private RunnerFailures(List<Failure> all) {
    this.all = List.copyOf(all);
  }

  /** The failures of an EphemeralRunner object; none when {@code status.failures} is not a map. */
  public static RunnerFailures of(JsonNode object) {
    JsonNode failures = object.path("status").path("failures");
    List<Failure> all = new ArrayList<>();
    if (failures.isObject()) {
      for (Map.Entry<String, JsonNode> e : failures.properties()) {
        all.add(new Failure(e.getKey(), Pointers.append(POINTER, e.getKey()), e.getValue(), Rfc3339.parse(e.getValue())));
      }
    }
    return new RunnerFailures(all);
  }

  public static String pointer() {
    return POINTER;
  }

  /** Every entry, in the object's order. */
  public List<Failure> all() {
    return all;
  }

  public int count() {
    return all.size();
  }

  /** The entries whose value is a boolean: written by a controller older than PR #4059. */
  public List<Failure> booleans() {
    return all.stream().filter(f -> f.value().isBoolean()).toList();
  }

  /** The entries whose value is a time, earliest first (entries of one time in the object's order). */
  public List<Failure> timed() {
    return all.stream().filter(f -> f.time().isPresent())
        .sorted(Comparator.comparing(f -> f.time().orElseThrow()))
        .toList();
  }

  /** The latest recorded failure with a time (the controller's LastFailure). */
  public Optional<Failure> latest() {
    List<Failure> timed = timed();
    return timed.isEmpty() ? Optional.empty() : Optional.of(timed.get(timed.size() - 1));
  }

  /**
   * Consecutive failures recorded closer together than the backoff allows: after the n-th failure the
   * controller creates no new pod before {@code backoff[n]} has passed, so the next failure cannot be
   * recorded sooner (times are whole seconds, written by one clock, so no tolerance is needed).
   */
  public List<Gap> tooClose(Timing timing) {
    List<Failure> timed = timed();
    List<Gap> gaps = new ArrayList<>();
    for (int i = 1; i < timed.size(); i++) {
      Duration required = timing.backoffAfter(i);
      Gap gap = new Gap(timed.get(i - 1), timed.get(i), i, required);
      if (gap.actual().compareTo(required) < 0) {
        gaps.add(gap);
      }
    }
    return gaps;
  }
}
