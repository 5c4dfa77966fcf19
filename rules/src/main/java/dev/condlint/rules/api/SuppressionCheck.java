package dev.condlint.rules.api;

import dev.condlint.model.LineSuppression;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Severity;
import dev.condlint.rules.profile.Profile;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The context of a {@link SuppressionRule}: the rule ids of one object's suppressions that matched no
 * finding of the rules that ran. Findings about the {@code condlint.dev/ignore} annotation point at
 * it; findings about a {@code condlint:ignore} comment stand at the comment.
 */
public final class SuppressionCheck extends Check {

  /**
   * One rule id of a suppression that suppressed nothing.
   *
   * @param ruleId the id as the suppression wrote it
   * @param namesARule whether it is the id of one of the engine's rules (else a typo, or a removed rule)
   * @param comment the comment that wrote it; empty for the annotation
   */
  public record Unused(String ruleId, boolean namesARule, Optional<LineSuppression> comment) {}

  private final List<Unused> unused;

  public SuppressionCheck(
      ObjectRef ref, Profile profile, Object options, Optional<Instant> now, List<Unused> unused, List<Report> reports) {
    super(ref, profile, options, now, reports);
    this.unused = List.copyOf(unused);
  }

  /** The unused ids: the annotation's first, then each comment's, in source order. */
  public List<Unused> unused() {
    return unused;
  }

  /** Reports a finding about a comment, which stands at the comment itself (it has no pointer). */
  public void report(LineSuppression comment, String message, String hint) {
    add(new Report("", message, hint, Severity.ERROR, Optional.of(comment.at())));
  }
}
