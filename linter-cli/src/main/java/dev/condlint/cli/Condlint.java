package dev.condlint.cli;

import dev.condlint.cli.audit.AuditCommand;
import dev.condlint.cli.common.CompletionCandidates;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.HelpFooter;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.completion.CompletionCommand;
import dev.condlint.cli.contracts.ContractsCommand;
import dev.condlint.cli.explain.ExplainCommand;
import dev.condlint.cli.health.HealthCommand;
import dev.condlint.cli.lint.LintCommand;
import dev.condlint.cli.monitor.MonitorCommand;
import dev.condlint.cli.review.ReviewCommand;
import dev.condlint.cli.rules.RulesCommand;
import dev.condlint.cli.status.StatusCommand;
import dev.condlint.rules.catalogue.Ruleset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import dev.condlint.cli.report.TerminalText;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** The {@code condlint} command and its subcommands, wired to an {@link Environment}. */
@Command(
    name = "condlint",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Checks the conventions of Kubernetes status conditions.",
    subcommands = {CommandLine.HelpCommand.class})
public final class Condlint implements Callable<Integer> {
  private final Environment env;

  @Spec CommandSpec spec;

  private Condlint(Environment env) {
    this.env = env;
  }

  /**
   * Runs the command line with these rules, profiles and catalogue, and returns its exit status; never
   * throws for bad input.
   */
  public static int run(Environment env, Ruleset ruleset, String... args) {
    CommandLine cli = commandLine(env, ruleset, args.length > 0 ? args[0] : "");
    boolean debug = Arrays.asList(args).contains(DebugOption.NAME);
    cli.setExecutionExceptionHandler((e, cmd, parsed) -> internalError(env, e, debug));
    cli.setParameterExceptionHandler((e, parsed) -> usageError(e));
    try {
      return cli.execute(args);
    } catch (Error e) {
      // picocli hands on an Error (out of memory, a stack overflow) that is no Exception: still one line.
      return internalError(env, e, debug);
    } finally {
      env.out().flush();
      env.err().flush();
    }
  }

  /**
   * A usage error: what is wrong (with picocli's "did you mean" for an unknown option or
   * subcommand), then one line that says where the help is, not the whole help, which would bury it.
   */
  private static int usageError(ParameterException e) {
    CommandLine cmd = e.getCommandLine();
    PrintWriter err = cmd.getErr();
    err.println(TerminalText.escape(e.getMessage()));
    UnmatchedArgumentException.printSuggestions(e, err);
    err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
    return ExitCodes.USAGE_OR_INPUT;
  }

  /** A bug or an exhausted JVM: one line and exit 2, the stack trace only under {@code --debug}. */
  private static int internalError(Environment env, Throwable e, boolean debug) {
    if (debug) {
      e.printStackTrace(env.err());
    } else if (e instanceof OutOfMemoryError) {
      env.err().println("condlint: internal error: out of memory (" + e.getMessage() + "); give the JVM a larger"
          + " heap with CONDLINT_JAVA_OPTS=-Xmx2g (or more), or run with --debug for the stack trace");
    } else {
      env.err().println("condlint: internal error: " + e + " (run with --debug for the stack trace)");
    }
    return ExitCodes.USAGE_OR_INPUT;
  }

  /**
   * The command with its subcommands. picocli builds a command's model from its annotations, which is
   * most of a small run's start-up: when {@code invoked} names a subcommand, only that one is built.
   */
  static CommandLine commandLine(Environment env, Ruleset ruleset, String invoked) {
    CommandLine cli = new CommandLine(new Condlint(env), CompletionCandidates.factory(ruleset));
    Map<String, Supplier<Object>> subcommands = subcommands(env, ruleset);
    subcommands.forEach((name, create) -> {
      if (!subcommands.containsKey(invoked) || name.equals(invoked)) {
        cli.addSubcommand(name, create.get());
      }
    });
    cli.getCommandSpec().usageMessage().footer(HelpFooter.top());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setOut(env.out());
    cli.setErr(env.err());
    return cli;
  }

  /** Every subcommand by its name, in the order the help lists them; each built only when asked for. */
  static Map<String, Supplier<Object>> subcommands(Environment env, Ruleset ruleset) {
    Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
    commands.put("lint", () -> new LintCommand(env, ruleset));
    commands.put("audit", () -> new AuditCommand(env, ruleset));
    commands.put("monitor", () -> new MonitorCommand(env, ruleset));
    commands.put("explain", () -> new ExplainCommand(env, ruleset));
    commands.put("rules", () -> new RulesCommand(env, ruleset));
    commands.put("status", () -> new StatusCommand(env, ruleset));
    commands.put("review", () -> new ReviewCommand(ruleset));
    commands.put("health", () -> new HealthCommand(env, ruleset));
    commands.put("contracts", () -> new ContractsCommand(env, ruleset));
    commands.put("completion", () -> new CompletionCommand(env, () -> commandLine(env, ruleset, "")));
    return commands;
  }

  /** Without a subcommand there is nothing to do: say how to use the command, as a usage error. */
  @Override
  public Integer call() {
    spec.commandLine().usage(env.err());
    return ExitCodes.USAGE_OR_INPUT;
  }
}
