package dev.condlint.cli;

import dev.condlint.cli.common.Environment;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.catalogue.meta.DuplicateKey;
import dev.condlint.rules.catalogue.meta.UnusedSuppression;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs {@code condlint} in-process with captured streams, a working directory and a fixed clock. */
final class CliRun {
  /** Only the rules about condlint's own input: front-end tests stay stable while the rule families grow. */
  static final Ruleset META_RULES = Ruleset.builtIn().withRules(List.of(new DuplicateKey(), new UnusedSuppression()));

  /**
   * The smallest file with a finding of the meta rules: duplicate-key at 4:9, error. Its apiVersion,
   * which makes it a Kubernetes object, comes last so that the finding stays on the fourth line.
   */
  static final String DUPLICATE_NAME = "kind: Widget\nmetadata:\n  name: a\n  name: b\napiVersion: example.com/v1\n";

  static final Clock CLOCK = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);

  /** The exit status and what the command printed. */
  record Result(int exit, String out, String err) {}

  private final Path workingDirectory;
  private final Ruleset ruleset;
  private String stdin = "";
  private Map<String, String> variables = Map.of();

  private CliRun(Path workingDirectory, Ruleset ruleset) {
    this.workingDirectory = workingDirectory;
    this.ruleset = ruleset;
  }

  static CliRun in(Path workingDirectory) {
    return new CliRun(workingDirectory, META_RULES);
  }

  static CliRun withBuiltInRules(Path workingDirectory) {
    return new CliRun(workingDirectory, Ruleset.builtIn());
  }

  /** With these rules and the built-in profiles and catalogue. */
  static CliRun withRules(Path workingDirectory, RuleRegistry registry) {
    return new CliRun(workingDirectory, Ruleset.builtIn().withRules(registry.rules()));
  }

  CliRun stdin(String text) {
    this.stdin = text;
    return this;
  }

  /** The environment variables the command sees (none by default). */
  CliRun variables(Map<String, String> environment) {
    this.variables = Map.copyOf(environment);
    return this;
  }

  Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Environment env =
        new Environment(
            workingDirectory,
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            new PrintWriter(out),
            new PrintWriter(err),
            CLOCK,
            false,
            variables);
    int exit = Condlint.run(env, ruleset, args);
    return new Result(exit, out.toString(), err.toString());
  }

  /** Runs the words every run of a test starts with (a command, its fixed flags) followed by its own. */
  Result run(List<String> leading, String... args) {
    List<String> all = new ArrayList<>(leading);
    all.addAll(List.of(args));
    return run(all.toArray(String[]::new));
  }
}
