package dev.condlint.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;

/**
 * What a run of the command sees of the world: its working directory, standard streams and clock.
 * Tests pass their own to run commands in-process.
 */
public record Environment(Path workingDirectory, InputStream stdin, PrintWriter out, PrintWriter err, Clock clock) {}
