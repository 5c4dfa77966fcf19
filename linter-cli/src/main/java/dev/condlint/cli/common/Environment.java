package dev.condlint.cli.common;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;

/**
 * What a run of the command sees of the world: its working directory, standard streams and clock, and
 * whether standard error is a terminal (where a long run may show its progress). Tests pass their own
 * to run commands in-process.
 */
public record Environment(
    Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err, Clock clock, boolean errIsTerminal) {

  /** An environment whose standard error is no terminal. */
  public Environment(Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err, Clock clock) {
    this(workingDirectory, stdin, out, err, clock, false);
  }
}
