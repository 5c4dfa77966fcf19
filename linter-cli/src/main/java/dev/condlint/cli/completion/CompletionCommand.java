package dev.condlint.cli.completion;

import dev.condlint.cli.common.CompletionCandidates;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.Version;
import dev.condlint.rules.catalogue.Ruleset;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code condlint completion [bash|zsh]}: the shell completion script picocli generates for every command. */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Prints a script that completes condlint's commands, options and option values in bash or zsh.",
    footer = {
      "",
      "Examples:",
      "  source <(condlint completion bash)       in ~/.bashrc",
      "  source <(condlint completion zsh)        in ~/.zshrc (the script loads bashcompinit)",
      "  condlint completion > /etc/bash_completion.d/condlint"
    })
public final class CompletionCommand implements Callable<Integer> {
  /** The shells the script serves: picocli's script sets zsh's bash completion up for itself. */
  enum Shell { BASH, ZSH }

  /** The values of {@code SHELL} that completion offers. */
  static final class Shells extends CompletionCandidates {
    Shells() {
      super(Shell.values());
    }
  }

  private final Environment env;
  private final Supplier<CommandLine> commandLine;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "SHELL",
      completionCandidates = Shells.class,
      description = "bash (default) or zsh.")
  Shell shell = Shell.BASH;

  @Mixin DebugOption debug;

  /** @param commandLine the whole command line, every command in it, whose script to print */
  public CompletionCommand(Environment env, Supplier<CommandLine> commandLine) {
    this.env = env;
    this.commandLine = commandLine;
  }

  @Override
  public Integer call() {
    env.out().print(AutoComplete.bash("condlint", commandLine.get()));
    env.out().flush();
    return ExitCodes.CLEAN;
  }
}
