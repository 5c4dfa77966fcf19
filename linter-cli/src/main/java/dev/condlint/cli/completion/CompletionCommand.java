package dev.condlint.cli.completion;

import dev.condlint.cli.Condlint;
import dev.condlint.cli.common.CompletionCandidates;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.Version;
import dev.condlint.rules.api.RuleRegistry;
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
public final class CompletionCommand implements Callable<Integer> {
  /** The shells the script serves: picocli's script sets zsh's bash completion up for itself. */
  public enum Shell { BASH, ZSH }

  private final Environment env;
  private final RuleRegistry registry;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "SHELL",
      completionCandidates = CompletionCandidates.Shells.class,
      description = "bash (default) or zsh.")
  Shell shell = Shell.BASH;

  @Mixin DebugOption debug;

  public CompletionCommand(Environment env, RuleRegistry registry) {
    this.env = env;
    this.registry = registry;
  }

  @Override
  public Integer call() {
    env.out().print(AutoComplete.bash("condlint", Condlint.commandLine(env, registry, "")));
    env.out().flush();
    return ExitCodes.CLEAN;
  }
}
