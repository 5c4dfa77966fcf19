package dev.condlint.rules.testing;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.profile.Level;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One documentation example of a rule, beside the rule at the same relative path as its class: for
 * {@code catalogue/shape/ConditionTypeRequired.java}, {@code catalogue/shape/ConditionTypeRequired/failing.yaml}
 * or {@code passing.yaml} under the rules module's test resources, with the findings it must produce in
 * {@code failing.expected} (and optionally {@code passing.expected}), one per line:
 * {@code LINE:COL SEVERITY RULE-ID POINTER MESSAGE}.
 *
 * <p>Header comments set the run: {@code # profile: flux} forces a profile, {@code # now:
 * 2024-06-01T00:00:00Z} sets the reference time (default below), {@code # contract: metav1} declares
 * every kind's conditions to be of that catalogue family (as a {@code contracts} entry of
 * {@code .condlint.yaml} would), {@code # enable: RULE} turns on a rule
 * that is off by default, {@code # option: deadline=1h} sets an option of the example's rule (a
 * string; repeat the line for more), {@code # settings.monotonicTypes: Succeeded=True} configures the
 * monotonic types (a rule that needs configuration to fire). CRDs in the file define the custom
 * resources beside them. For UPDATE rules the file holds two documents: the old object, then the new one.
 */
public record RuleExample(String ruleId, String kind, Path yaml, Path expected) {

  /** The reference time of every example unless its header says otherwise. */
  public static final Instant DEFAULT_NOW = RuleRun.NOW;

  public static final Path ROOT = Path.of("src/test/resources");

  private static final Pattern HEADER = Pattern.compile(
      "^#\\s*(profile|contract|now|enable|option|settings\\.monotonicTypes):\\s*(\\S+)\\s*$", Pattern.MULTILINE);

  /** The example files of a rule: failing first, then passing. */
  public static List<RuleExample> of(Rule rule) {
    List<RuleExample> out = new ArrayList<>();
    Path dir = ROOT.resolve(rule.getClass().getName().replace('.', '/'));
    for (String kind : List.of("failing", "passing")) {
      out.add(new RuleExample(rule.id(), kind, dir.resolve(kind + ".yaml"), dir.resolve(kind + ".expected")));
    }
    return out;
  }

  public String text() {
    return read(yaml);
  }

  /** The findings the example must produce, as lines; none when there is no expected file. */
  public List<String> expectedLines() {
    if (!Files.exists(expected)) {
      return List.of();
    }
    return read(expected).lines().filter(l -> !l.isBlank()).toList();
  }

  /** Runs the example through the engine with the default rule set and its header settings. */
  public List<Finding> run() {
    String text = text();
    Config config = Config.DEFAULT;
    Instant now = DEFAULT_NOW;
    ObjectNode options = JsonNodeFactory.instance.objectNode();
    Matcher m = HEADER.matcher(text);
    while (m.find()) {
      switch (m.group(1)) {
        case "profile" -> config = config.withForcedProfile(m.group(2));
        case "contract" -> config = Configs.withContract(config, m.group(2));
        case "now" -> now = Instant.parse(m.group(2));
        case "enable" -> {
          Severity severity = Ruleset.builtIn().registry().find(m.group(2)).orElseThrow().info().severity();
          config = config.withRuleLevel(m.group(2), Level.of(severity));
        }
        case "option" -> {
          String[] kv = m.group(2).split("=", 2);
          options.put(kv[0], kv[1]);
        }
        default -> config = withMonotonicTypes(config, m.group(2));
      }
    }
    if (!options.isEmpty()) {
      config = Configs.withRuleOptions(config, ruleId, options);
    }
    RuleRun run = RuleRun.all().config(config).now(now);
    if (Ruleset.builtIn().registry().find(ruleId).orElseThrow().info().scope() == Scope.UPDATE) {
      List<Document> docs = YamlFixtures.documents(yaml.toString(), text);
      if (docs.size() != 2) {
        throw new AssertionError(yaml + ": an UPDATE example holds two documents, old then new");
      }
      return run.update(docs.get(0), docs.get(1));
    }
    // As the CLI does: CRDs in the same file define the custom resources beside them.
    return run.findings(text);
  }

  /** The configuration with {@code settings.monotonicTypes} given as {@code Type=Status,...}. */
  private static Config withMonotonicTypes(Config config, String typeToStatus) {
    Map<String, String> monotonic = new LinkedHashMap<>();
    for (String entry : typeToStatus.split(",")) {
      String[] parts = entry.split("=", 2);
      monotonic.put(parts[0], parts[1]);
    }
    return Configs.withMonotonicTypes(config, monotonic);
  }

  /** A finding as a line of an expected file. */
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
