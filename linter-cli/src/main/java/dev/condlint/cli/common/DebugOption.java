package dev.condlint.cli.common;

import picocli.CommandLine.Option;

/** The {@code --debug} option every subcommand accepts; {@link Condlint} acts on it. */
public final class DebugOption {
  public static final String NAME = "--debug";

  @Option(names = NAME, description = "Print the stack trace of an internal error.")
  boolean debug;
}
