package dev.condlint.rules.testing;

import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigText;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An example file of a rule, in the rule's folder: the rule's class path under the rules module's test
 * resources ({@code catalogue/shape/ConditionTypeRequired.java} has
 * {@code catalogue/shape/ConditionTypeRequired/}), or a folder below it. The folder holds
 * {@code failing.yaml} (it must produce a finding of the rule), {@code passing.yaml} (it must not),
 * both shown in {@code docs/rules.md}, and any further examples. Each example marks the findings it
 * must produce with {@code # want} markers ({@link WantMarkers}): every finding of every rule, in
 * the rule's profile or configuration, needs its marker.
 *
 * <p>A run that needs configuration reads the {@code .condlint.yaml} beside the example, loaded as
 * the command line loads it. A line {@code # now: 2024-05-01T12:05:00Z} gives the reference time
 * (the command line's {@code --now}), {@code # now: none} runs without one; without the line the run
 * is at {@link #DEFAULT_NOW}. CRDs in the file define the custom resources beside them. The example
 * of an UPDATE rule holds two documents: the old object, then the new one.
 */
public record RuleExample(Rule rule, Path yaml) {

  /** The reference time of every example unless its {@code # now:} line says otherwise. */
  public static final Instant DEFAULT_NOW = RuleRun.NOW;

  public static final Path ROOT = Path.of("src/test/resources");

  /** The folder under {@link #ROOT} that holds the rule folders. */
  public static final Path CATALOGUE = ROOT.resolve("dev/condlint/rules/catalogue");

  public static final String CONFIG = ".condlint.yaml";

  private static final Pattern NOW = Pattern.compile("^#\\s*now:\\s*(\\S+)\\s*$", Pattern.MULTILINE);

  /** The header lines that set up a run before examples had a configuration file. */
  private static final Pattern OLD_HEADER =
      Pattern.compile("^#\\s*(profile|contract|enable|option|settings\\.\\w+):", Pattern.MULTILINE);

  /** The folder of a rule's examples. */
  public static Path folder(Rule rule) {
    return ROOT.resolve(rule.getClass().getName().replace('.', '/'));
  }

  /** The example that must produce a finding of the rule, shown in docs/rules.md. */
  public static RuleExample failing(Rule rule) {
    return new RuleExample(rule, folder(rule).resolve("failing.yaml"));
  }

  /** The example that must produce no finding of the rule, shown in docs/rules.md. */
  public static RuleExample passing(Rule rule) {
    return new RuleExample(rule, folder(rule).resolve("passing.yaml"));
  }

  /**
   * Every example file in the rule folders of these rules and the folders below them, in path order;
   * each is the example of the rule whose folder is nearest above it.
   */
  public static List<RuleExample> all(RuleRegistry registry) {
    Map<Path, Rule> byFolder = new HashMap<>();
    registry.rules().forEach(rule -> byFolder.put(folder(rule), rule));
    List<RuleExample> examples = new ArrayList<>();
    for (Path file : files()) {
      if (!file.getFileName().toString().endsWith(".yaml") || file.getFileName().toString().equals(CONFIG)) {
        continue;
      }
      ruleAbove(file, byFolder).ifPresent(rule -> examples.add(new RuleExample(rule, file)));
    }
    return examples;
  }

  /** Every file under {@link #CATALOGUE}, in path order. */
  public static List<Path> files() {
    try (Stream<Path> walk = Files.walk(CATALOGUE)) {
      return walk.filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The rule whose folder holds this file, or a folder above it. */
  public static Optional<Rule> ruleAbove(Path file, Map<Path, Rule> byFolder) {
    for (Path dir = file.getParent(); dir != null; dir = dir.getParent()) {
      Rule rule = byFolder.get(dir);
      if (rule != null) {
        return Optional.of(rule);
      }
    }
    return Optional.empty();
  }

  public String ruleId() {
    return rule.id();
  }

  public boolean exists() {
    return Files.exists(yaml);
  }

  /** The example as written, markers included. */
  public String written() {
    return read(yaml);
  }

  public WantMarkers.Marked marked() {
    return WantMarkers.read(yaml.toString(), written());
  }

  /** The example without its markers: what the engine reads and docs/rules.md shows. */
  public String text() {
    return marked().text();
  }

  /** The {@code .condlint.yaml} beside the example, if there is one. */
  public Optional<Path> configFile() {
    Path config = yaml.resolveSibling(CONFIG);
    return Files.exists(config) ? Optional.of(config) : Optional.empty();
  }

  /** The text of the {@code .condlint.yaml} beside the example, if there is one. */
  public Optional<String> configText() {
    return configFile().map(RuleExample::read);
  }

  /** The configuration the example runs with: its {@code .condlint.yaml}, else the defaults. */
  public Config config() {
    return configFile().map(RuleExample::loadConfig).orElse(Config.DEFAULT);
  }

  /**
   * The reference time: the example's {@code # now:} line, else {@link #DEFAULT_NOW}; none for
   * {@code # now: none} (a front end that gives no time, as the webhook may not).
   */
  public Optional<Instant> now() {
    Matcher m = NOW.matcher(text());
    if (!m.find()) {
      return Optional.of(DEFAULT_NOW);
    }
    return m.group(1).equals("none") ? Optional.empty() : Optional.of(Instant.parse(m.group(1)));
  }

  /** Runs the example (without its markers) with every built-in rule, its configuration and reference time. */
  public List<Finding> run() {
    String text = text();
    RuleRun configured = RuleRun.all().config(config());
    RuleRun run = now().map(configured::now).orElseGet(configured::withoutNow);
    if (rule.info().scope() == Scope.UPDATE) {
      List<Document> docs = YamlFixtures.documents(yaml.toString(), text);
      if (docs.size() != 2) {
        throw new AssertionError(yaml + ": an UPDATE example holds two documents, old then new");
      }
      return run.update(docs.get(0), docs.get(1));
    }
    // As the CLI does: CRDs in the same file define the custom resources beside them.
    return run.findings(text);
  }

  /** The findings of the example as docs/rules.md lists them ({@link #line}). */
  public List<String> findingLines() {
    return run().stream().map(RuleExample::line).toList();
  }

  /** What keeps the example from passing: findings without markers, markers without findings; none when it passes. */
  public List<String> problems() {
    WantMarkers.Marked marked = marked();
    if (OLD_HEADER.matcher(marked.text()).find()) {
      return List.of(yaml + ": a run's configuration goes in the " + CONFIG + " beside the example,"
          + " not in a header comment");
    }
    return Expectations.problems(yaml.toString(), marked, run());
  }

  /**
   * Loads a {@code .condlint.yaml} as the command line and the webhook do: parsed with positions, then
   * checked and read by the configuration loader. Fails with every problem at its line and column.
   */
  public static Config loadConfig(Path file) {
    String name = file.toString();
    YamlDocuments.Loaded parsed = YamlDocuments.documents(name, read(file));
    ConfigText.Loaded loaded = ConfigText.load(parsed.documents(), parsed.problems(), Ruleset.builtIn());
    if (!loaded.ok()) {
      throw new AssertionError(loaded.problems().stream().map(p -> p.describe(name)).collect(Collectors.joining("\n")));
    }
    return loaded.config();
  }

  /** A finding as docs/rules.md lists it: {@code LINE:COL SEVERITY RULE-ID POINTER MESSAGE}. */
  public static String line(Finding f) {
    String at = f.position().map(Object::toString).orElse("-");
    String pointer = f.pointer().isEmpty() ? "/" : f.pointer();
    return at + " " + f.severity().label() + " " + f.ruleId() + " " + pointer + " " + f.message();
  }

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
