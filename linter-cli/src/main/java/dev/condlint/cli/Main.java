package dev.condlint.cli;

import dev.condlint.cli.common.Environment;
import dev.condlint.rules.catalogue.Ruleset;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;

/** Entry point of the {@code condlint} command: where its rules, profiles and catalogue are chosen. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    Environment env =
        new Environment(
            Path.of("").toAbsolutePath(),
            System.in,
            new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false),
            new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true),
            Clock.systemUTC(),
            errIsTerminal(),
            System.getenv());
    System.exit(Condlint.run(env, Ruleset.builtIn(), args));
  }

  /**
   * The launcher tells ({@code -Dcondlint.stderr.terminal=true} when {@code [ -t 2 ]}); run otherwise,
   * standard error counts as a terminal when the JVM has a console (standard input and output are one).
   */
  private static boolean errIsTerminal() {
    String told = System.getProperty("condlint.stderr.terminal");
    return told != null ? Boolean.parseBoolean(told) : System.console() != null;
  }
}
