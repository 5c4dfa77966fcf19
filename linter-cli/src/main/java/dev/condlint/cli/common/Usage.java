package dev.condlint.cli.common;

import dev.condlint.cli.report.TerminalText;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Usage errors, which picocli prints with the command's usage hint and exit status 2. */
public final class Usage {
  private Usage() {}

  /** A usage error whose message quotes what the user typed, made safe to print on a terminal. */
  public static ParameterException error(CommandSpec spec, String message) {
    return new ParameterException(spec.commandLine(), TerminalText.escape(message));
  }
}
