package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code condlint completion} prints picocli's completion script for every command, and bash, with
 * the script sourced, completes subcommands, options and option values from it.
 */
class CompletionCommandTest {
  @TempDir Path dir;

  private String script(String... shell) {
    String[] args = new String[shell.length + 1];
    args[0] = "completion";
    System.arraycopy(shell, 0, args, 1, shell.length);
    CliRun.Result r = CliRun.in(dir).run(args);
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err());
    return r.out();
  }

  @Test
  void bashIsTheDefaultAndZshGetsTheSameScript() {
    String bash = script();

    assertTrue(bash.startsWith("#!/usr/bin/env bash\n"), bash.lines().findFirst().orElse(""));
    assertTrue(bash.contains("autoload -U +X bashcompinit && bashcompinit"), "the script sets zsh up for itself");
    assertEquals(bash, script("bash"));
    assertEquals(bash, script("zsh"));
  }

  @Test
  void anUnknownShellIsAUsageError() {
    CliRun.Result r = CliRun.in(dir).run("completion", "fish");

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("Invalid value for positional parameter at index 0 (SHELL): expected one of"
        + " [BASH, ZSH] (case-insensitive) but was 'fish'\n"), r.err());
  }

  /** What bash offers after {@code line}, the script sourced, one candidate a line, sorted. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "'condlint ' | audit completion contracts explain health help lint monitor review rules status",
    "'condlint audit --format ' | github json junit sarif text",
    "condlint audit --exc | --exclude-kinds",
    "'condlint explain --format ' | json text",
    "condlint lint --fo | --format",
    "'condlint lint --format ' | github json junit sarif text",
    "'condlint lint --fail-on ' | error info never warning",
    "'condlint lint --min-severity ' | error info warning",
    "'condlint lint --profile ' | capi-v1beta1 capi-v1beta2 cert-manager flux gateway-api k8s knative kstatus",
    "condlint lint --enable duplicate | duplicate-key",
    "'condlint lint --disable ' | duplicate-key suppression-unused",
    "condlint lint --sa | --sarif-root",
    "'condlint rules --format ' | json text",
    "'condlint status --flavour ' | flux upstream",
    "'condlint completion ' | bash zsh",
  })
  void bashCompletesCommandsOptionsAndValues(String line, String expected) throws Exception {
    Path scriptFile = Files.writeString(dir.resolve("condlint-completion.bash"), script("bash"));
    // compopt works only while bash itself runs a completion: a no-op here.
    String probe = "source \"$1\"\ncompopt() { :; }\n"
        + "COMP_LINE=\"$2\"; read -r -a COMP_WORDS <<< \"$2\"\n"
        + "case $2 in *' ') COMP_WORDS+=('') ;; esac\n"
        + "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_POINT=${#COMP_LINE}\n"
        + "_complete_condlint\n"
        + "printf '%s\\n' \"${COMPREPLY[@]}\" | sort\n";
    Process p = new ProcessBuilder("bash", "-c", probe, "probe", scriptFile.toString(), line)
        .redirectErrorStream(true)
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(String.join("\n", expected.split(" ")) + "\n", out);
  }

  @Test
  void theScriptIsValidBash() throws IOException, InterruptedException {
    Path scriptFile = Files.writeString(dir.resolve("condlint-completion.bash"), script("bash"));
    Process p = new ProcessBuilder("bash", "-n", scriptFile.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals("", out);
    assertEquals(0, p.exitValue());
  }
}
