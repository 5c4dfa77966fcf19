package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.cli.common.Version;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.Command;

/** The subcommands are built only when invoked; none goes missing from help or usage errors. */
class SubcommandsTest {
  @TempDir Path dir;

  @Test
  void eachSubcommandIsRegisteredUnderTheNameItsAnnotationGives() {
    List<String> names = Condlint.subcommands(null, CliRun.META_RULES).entrySet().stream()
        .map(e -> {
          String annotated = e.getValue().get().getClass().getAnnotation(Command.class).name();
          assertEquals(e.getKey(), annotated);
          return annotated;
        })
        .toList();
    assertEquals(List.of("lint", "audit", "monitor", "explain", "rules", "status", "review", "health", "contracts", "completion"), names);
  }

  @Test
  void helpListsEverySubcommand() {
    CliRun.Result r = CliRun.in(dir).run("--help");

    assertEquals(0, r.exit());
    assertTrue(r.out().contains("\n  lint ") && r.out().contains("\n  audit ") && r.out().contains("\n  monitor ") && r.out().contains("\n  explain ") && r.out().contains("\n  rules ") && r.out().contains("\n  status ")
        && r.out().contains("\n  review ") && r.out().contains("\n  completion ") && r.out().contains("\n  help "),
        r.out());
  }

  @Test
  void anUnknownSubcommandIsAUsageErrorThatStillNamesTheRealOnes() {
    CliRun.Result r = CliRun.in(dir).run("lnt", "x.yaml");

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("Unmatched arguments from index 0: 'lnt', 'x.yaml'\nDid you mean: condlint lint"),
        r.err());
  }

  @Test
  void theHelpSubcommandDescribesAnotherSubcommand() {
    CliRun.Result r = CliRun.in(dir).run("help", "status");

    assertEquals(0, r.exit());
    assertTrue(r.out().startsWith("Usage: condlint status "), r.out());
  }

  static Stream<String> subcommands() {
    return Condlint.subcommands(null, CliRun.META_RULES).keySet().stream();
  }

  @ParameterizedTest
  @MethodSource("subcommands")
  void everySubcommandPrintsTheVersion(String command) {
    assertEquals(new CliRun.Result(0, "condlint " + Version.current() + "\n", ""), CliRun.in(dir).run(command, "--version"));
  }

  @ParameterizedTest
  @MethodSource("subcommands")
  void everySubcommandTakesDebug(String command) {
    CliRun.Result r = CliRun.in(dir).run(command, "--debug", "--help");

    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("\n      --debug "), r.out());
  }
}
