package dev.condlint.cli.common;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What a run of the command sees of the world: its working directory, standard streams and clock,
 * whether standard error is a terminal (where a long run may show its progress), and the environment
 * variables it reads ({@code XDG_CACHE_HOME} and {@code HOME}, for the schema cache; {@code PATH}, to
 * find {@code helm} and {@code git}; {@code GITHUB_STEP_SUMMARY}). Tests pass their own to run commands
 * in-process.
 */
public record Environment(
    Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err, Clock clock, boolean errIsTerminal,
    Map<String, String> variables) {

  public Environment {
    variables = Map.copyOf(variables);
  }

  /** An environment whose standard error is no terminal and that has no environment variables. */
  public Environment(Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err, Clock clock) {
    this(workingDirectory, stdin, out, err, clock, false, Map.of());
  }

  /** A variable's value, empty when it is unset or empty. */
  public java.util.Optional<String> variable(String name) {
    return java.util.Optional.ofNullable(variables.get(name)).filter(v -> !v.isEmpty());
  }
}
