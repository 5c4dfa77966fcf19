package dev.condlint.cli;

import dev.condlint.rules.catalogue.Ruleset;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
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
final class CompletionCommand implements Callable<Integer> {
  /** The shells the script serves: picocli's script sets zsh's bash completion up for itself. */
  enum Shell { BASH, ZSH }

  private final Environment env;
  private final Ruleset ruleset;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "SHELL",
      completionCandidates = CompletionCandidates.Shells.class,
      description = "bash (default) or zsh.")
  Shell shell = Shell.BASH;

  @Mixin DebugOption debug;

  CompletionCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  @Override
  public Integer call() {
    env.out().print(AutoComplete.bash("condlint", Condlint.commandLine(env, ruleset, "")));
    env.out().flush();
    return ExitCodes.CLEAN;
  }
}
