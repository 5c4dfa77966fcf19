package dev.condlint.rules.contract;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The timing a system documents for a kind, read from a catalogue entry: the deadlines its
 * controllers enforce, by the name the system's own configuration gives them and with the system's
 * default (empty where the default is no deadline), the backoff between retries, and the fields the
 * timing is read from, each with the Go field and doc comment it was taken from. {@link #model} names
 * the code that knows what starts and ends each deadline.
 *
 * @param backoff the wait after each failure: {@code backoff.get(n)} once {@code n} failures are recorded
 * @param maxFailures the number of failures after which the system gives up; 0 where it has no such limit
 * @param source the upstream files (code and docs) the timing was read from
 */
public record Timing(
    Model model,
    Map<String, Optional<Duration>> deadlines,
    List<Duration> backoff,
    int maxFailures,
    List<FieldCitation> fields,
    String source) {

  /** The systems whose timing condlint models. */
  public enum Model {
    /** Landscaper deploy items: pickup, progressing and aborting timeouts (landscaper.gardener.cloud). */
    LANDSCAPER_DEPLOY_ITEM(List.of("pickup", "progressingDefault", "abort"), false),
    /** Actions Runner Controller ephemeral runners: failure backoff and a failure limit (actions.github.com). */
    ARC_EPHEMERAL_RUNNER(List.of(), true);

    private final List<String> deadlines;
    private final boolean retries;

    Model(List<String> deadlines, boolean retries) {
      this.deadlines = deadlines;
      this.retries = retries;
    }

    /** The deadlines an entry of this model must give a default for. */
    public List<String> deadlines() {
      return deadlines;
    }

    /** Whether an entry of this model gives a backoff and a failure limit. */
    public boolean retries() {
      return retries;
    }

    /** The spelling in the catalogue: {@code landscaper-deploy-item}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Optional<Model> parse(String text) {
      for (Model m : values()) {
        if (m.label().equals(text)) {
          return Optional.of(m);
        }
      }
      return Optional.empty();
    }
  }

  /** A field the timing is read from: its path in the object, the Go field that declares it, its doc comment. */
  public record FieldCitation(String path, String go, String doc) {}

  public Timing {
    deadlines = Collections.unmodifiableMap(new LinkedHashMap<>(deadlines));
    backoff = List.copyOf(backoff);
    fields = List.copyOf(fields);
  }

  /**
   * The deadline of this name: the override when one is given (empty there for none), else the
   * system's default.
   */
  public Optional<Duration> deadline(String name, Map<String, Optional<Duration>> overrides) {
    Optional<Duration> override = overrides.get(name);
    if (override != null) {
      return override;
    }
    return deadlines.getOrDefault(name, Optional.empty());
  }

  /** The wait after the {@code failures}-th failure; the last step of the backoff beyond its end. */
  public Duration backoffAfter(int failures) {
    if (backoff.isEmpty()) {
      return Duration.ZERO;
    }
    return backoff.get(Math.min(failures, backoff.size() - 1));
  }
}
