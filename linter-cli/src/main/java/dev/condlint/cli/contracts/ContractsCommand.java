package dev.condlint.cli.contracts;

import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.Version;
import dev.condlint.rules.catalogue.Ruleset;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code condlint contracts}: what condlint knows of kinds' conditions, as files (today: {@code export}). */
@Command(
    name = "contracts",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Works with condition contracts: export writes what a cluster's or files' CRDs declare, as a"
        + " .condlint.yaml or a --schema-location directory, for offline use in CI.",
    subcommands = {ContractsExportCommand.class},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done", "2:a usage error, or a cluster or file that could not be read"})
public final class ContractsCommand implements Callable<Integer> {
  final Environment env;
  final Ruleset ruleset;

  @Spec CommandSpec spec;

  @Mixin DebugOption debug;

  public ContractsCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  /** Without a subcommand there is nothing to do: say how to use it, as a usage error. */
  @Override
  public Integer call() {
    spec.commandLine().usage(env.err());
    return ExitCodes.USAGE_OR_INPUT;
  }
}
