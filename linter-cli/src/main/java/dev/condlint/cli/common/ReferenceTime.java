package dev.condlint.cli.common;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.Model.CommandSpec;

/** The {@code --now} of every command that has one: an RFC 3339 time. */
public final class ReferenceTime {
  private ReferenceTime() {}

  /** An RFC 3339 time; a usage error, quoting what the user typed, when it is none. */
  public static Instant parse(CommandSpec spec, String now) {
    try {
      return OffsetDateTime.parse(now).toInstant();
    } catch (DateTimeParseException e) {
      throw Usage.error(spec, "--now: '" + now + "' is not an RFC 3339 time such as 2024-06-01T00:00:00Z");
    }
  }
}
