package dev.condlint.cli.common;

import dev.condlint.model.GoDuration;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;

/** {@code --request-timeout} of the commands that talk to a cluster, written as kubectl writes it (30s, 1m). */
public final class RequestTimeout {
  private RequestTimeout() {}

  /** The flag's value as a duration; a usage error when it is no Go duration or not more than 0. */
  public static Duration parse(CommandSpec spec, String value) {
    Duration d;
    try {
      d = GoDuration.parseFlag(value);
    } catch (IllegalArgumentException e) {
      throw Usage.error(spec, "--request-timeout: " + e.getMessage());
    }
    if (d.isZero() || d.isNegative()) {
      throw Usage.error(spec, "--request-timeout: must be more than 0, not " + value);
    }
    return d;
  }
}
