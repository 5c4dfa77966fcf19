package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.api.Scope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bug is one line and exit 2, with the stack trace only under {@code --debug}; no subcommand is a usage error. */
class InternalErrorTest {

  /** A rule with a bug. */
  @RuleInfo(id = "always-crashes", title = "Crashes", severity = Severity.ERROR, scope = Scope.OBJECT,
      rationale = "For the test.", source = "test")
  static final class Crashing implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      throw new IllegalStateException("boom");
    }
  }

  /** A rule that recurses without end: an Error, not an Exception. */
  @RuleInfo(id = "always-overflows", title = "Overflows", severity = Severity.ERROR, scope = Scope.OBJECT,
      rationale = "For the test.", source = "test")
  static final class Overflowing implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      throw new StackOverflowError();
    }
  }

  @TempDir Path dir;

  private CliRun.Result run(String... args) {
    return CliRun.withRules(dir, new RuleRegistry(List.of(new Crashing()))).run(args);
  }

  @Test
  void anInternalErrorIsOneLineWithoutDebug() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), "apiVersion: example.com/v1\nkind: Widget\n");

    CliRun.Result r = run("lint", "w.yaml");

    assertEquals(2, r.exit());
    assertEquals(
        "condlint: internal error: java.lang.IllegalStateException: boom (run with --debug for the stack trace)\n",
        r.err());
  }

  @Test
  void anErrorThatIsNoExceptionIsOneLineToo() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), "apiVersion: example.com/v1\nkind: Widget\n");

    CliRun.Result r = CliRun.withRules(dir, new RuleRegistry(List.of(new Overflowing()))).run("lint", "w.yaml");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals("condlint: internal error: java.lang.StackOverflowError (run with --debug for the stack trace)\n", r.err());
  }

  @Test
  void debugPrintsTheStackTrace() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), "apiVersion: example.com/v1\nkind: Widget\n");

    CliRun.Result r = run("lint", "--debug", "w.yaml");

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("java.lang.IllegalStateException: boom\n\tat "), r.err());
  }

  @Test
  void noSubcommandPrintsUsageAsAUsageError() {
    CliRun.Result r = run();

    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("Usage: condlint "), r.err());
    assertTrue(r.err().contains("\n  lint "), r.err());
    assertTrue(r.err().contains("\n  rules "), r.err());
  }
}
