package dev.condlint.rules.config;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.contract.ContractSpecReader;

import dev.condlint.rules.text.Suggestions;
import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.GoDuration;
import dev.condlint.model.Pointers;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.profile.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Validates a parsed {@code .condlint.yaml} against its JSON Schema ({@link ConfigSchemaBuilder}, built
 * from the same rules and vocabularies as the checks here) and turns it into a {@link Config}. Front ends parse the file (keeping positions) and map each problem's pointer to a
 * line and column.
 */
public final class ConfigLoader {

  /** The result of loading: a config when there are no problems. */
  public record Result(Config config, List<ConfigProblem> problems) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private ConfigLoader() {}

  /**
   * Loads a configuration tree for the rules, profiles and catalogue of {@code ruleset}: its rule ids,
   * rule options, profile names and condition families must be the ruleset's. An empty or missing
   * document is the default configuration. On problems the result's config is {@link Config#DEFAULT}
   * and must not be used.
   */
  public static Result load(JsonNode root, Ruleset ruleset) {
    if (root == null || root.isMissingNode() || root.isNull()) {
      return new Result(Config.DEFAULT, List.of());
    }
    RuleRegistry registry = ruleset.registry();
    List<ConfigProblem> own = new ArrayList<>(unknownRules(root.path("rules"), registry));
    own.addAll(ruleNamedTwice(root.path("rules"), registry));
    own.addAll(invalidDuration(root.path("settings").path("clockSkew")));
    own.addAll(invalidReferenceTime(root.path("now")));
    own.addAll(invalidGlobs(root.path("exclude")));
    List<InvalidOption> options = invalidOptions(root.path("rules"), registry);
    options.stream().filter(o -> o.error().valueJudged()).forEach(o -> own.add(o.problem()));
    ContractSpecReader.Result contracts = contracts(root.path("contracts"), ruleset);
    contracts.problems().forEach(p ->
        own.add(new ConfigProblem(p.pointer(), ConfigPaths.describe(p.pointer()) + ": " + p.message() + ".")));
    List<ConfigSchema.Found> schema = ConfigSchema.of(ruleset).validate(root);
    // A value of the wrong type for its option is the schema's to word; anything else it missed is ours.
    Set<String> schemaPointers = new HashSet<>();
    schema.forEach(f -> schemaPointers.add(f.problem().pointer()));
    options.stream().filter(o -> !o.error().valueJudged() && !schemaPointers.contains(o.problem().pointer()))
        .forEach(o -> own.add(o.problem()));
    List<ConfigProblem> problems = oneEach(schema, own);
    if (!problems.isEmpty()) {
      return new Result(Config.DEFAULT, inDocumentOrder(problems, root));
    }
    return new Result(toConfig(root, registry, contracts.specs()), List.of());
  }

  /**
   * One problem per mistake. The schema says what the loader's own checks say (it is built from the
   * same sources), so both may find the same place wrong: the loader's message is kept, since it says
   * more (a catalogue code for a rule id, why a duration or a glob is wrong), except over the schema's
   * for a value not among the allowed ones, which lists them all and suggests the nearest.
   */
  private static List<ConfigProblem> oneEach(List<ConfigSchema.Found> schema, List<ConfigProblem> own) {
    Set<String> listed = new HashSet<>();
    schema.stream().filter(ConfigSchema.Found::listsValues).forEach(f -> listed.add(f.problem().pointer()));
    Set<String> ownPointers = new HashSet<>();
    own.forEach(p -> ownPointers.add(p.pointer()));
    List<ConfigProblem> problems = new ArrayList<>();
    for (ConfigSchema.Found f : schema) {
      if (f.listsValues() || !ownPointers.contains(f.problem().pointer())) {
        problems.add(f.problem());
      }
    }
    own.stream().filter(p -> !listed.contains(p.pointer())).forEach(problems::add);
    return problems;
  }

  /** The {@code contracts} entries, each named for the findings that rest on it by its place in the file. */
  private static ContractSpecReader.Result contracts(JsonNode entries, Ruleset ruleset) {
    return new ContractSpecReader(ruleset.catalogue().families()).read(entries, "/contracts",
        i -> new ContractBasis(ContractBasis.Source.CONFIG, ".condlint.yaml contracts[" + i + "]",
            entries.path(i).path("source").asText("")));
  }

  private static List<ConfigProblem> unknownRules(JsonNode rules, RuleRegistry registry) {
    List<ConfigProblem> problems = new ArrayList<>();
    for (Map.Entry<String, JsonNode> rule : rules.properties()) {
      String name = rule.getKey();
      if (ruleNamed(name, registry).isEmpty()) {
        problems.add(
            new ConfigProblem(
                Pointers.of("rules", name),
                "Unknown rule '" + name + "'" + suggestRule(name, registry)
                    + " (`condlint rules` lists every rule id)."));
      }
    }
    return problems;
  }

  /**
   * The rule a {@code rules} key names: its id, or its catalogue code exactly as the catalogue writes it
   * ({@code A09}; the schema's keys are case-sensitive, so {@code a09} gets a "did you mean").
   */
  private static Optional<Rule> ruleNamed(String name, RuleRegistry registry) {
    return registry.find(name).or(() -> registry.findByIdOrCode(name).filter(r -> r.info().code().equals(name)));
  }

  /** A rule set both by its id and by its code: which setting wins would be the file's key order. */
  private static List<ConfigProblem> ruleNamedTwice(JsonNode rules, RuleRegistry registry) {
    List<ConfigProblem> problems = new ArrayList<>();
    Map<String, String> firstName = new HashMap<>();
    for (Map.Entry<String, JsonNode> rule : rules.properties()) {
      String name = rule.getKey();
      ruleNamed(name, registry).ifPresent(r -> {
        String earlier = firstName.putIfAbsent(r.id(), name);
        if (earlier != null) {
          String pointer = Pointers.of("rules", name);
          problems.add(new ConfigProblem(pointer, ConfigPaths.describe(pointer) + ": '" + name + "' and '" + earlier
              + "' both name " + r.id() + "; set it once."));
        }
      });
    }
    return problems;
  }

  /**
   * What to say after "unknown rule 'x'": the nearest rule id or catalogue code, if one is near. Also
   * used for the command line's rule flags.
   */
  public static String suggestRule(String name, RuleRegistry registry) {
    List<String> names = new ArrayList<>();
    registry.rules().forEach(r -> names.add(r.id()));
    registry.rules().stream().map(r -> r.info().code()).filter(c -> !c.isBlank()).forEach(names::add);
    return Suggestions.didYouMean(name, names);
  }

  private static List<ConfigProblem> invalidDuration(JsonNode clockSkew) {
    if (!clockSkew.isTextual()) {
      return List.of();
    }
    try {
      GoDuration.parse(clockSkew.asText());
      return List.of();
    } catch (IllegalArgumentException e) {
      String pointer = Pointers.of("settings", "clockSkew");
      return List.of(new ConfigProblem(pointer, ConfigPaths.describe(pointer) + ": " + e.getMessage() + "."));
    }
  }

  /** {@code now} that is neither {@code clock} nor an RFC 3339 time (its type is the schema's to check). */
  private static List<ConfigProblem> invalidReferenceTime(JsonNode now) {
    if (!now.isTextual() || now.asText().equals(Config.CLOCK)) {
      return List.of();
    }
    try {
      java.time.OffsetDateTime.parse(now.asText());
      return List.of();
    } catch (java.time.format.DateTimeParseException e) {
      String pointer = Pointers.of("now");
      return List.of(new ConfigProblem(pointer, ConfigPaths.describe(pointer) + ": '" + now.asText()
          + "' is neither clock nor an RFC 3339 time such as 2024-06-01T00:00:00Z."));
    }
  }

  /** An option that could not be read into its rule's options, and the problem to report. */
  private record InvalidOption(InvalidOptionException error, ConfigProblem problem) {}

  /** The options that do not read into their rule's options record ({@link RuleOptions}). */
  private static List<InvalidOption> invalidOptions(JsonNode rules, RuleRegistry registry) {
    List<InvalidOption> invalid = new ArrayList<>();
    for (Map.Entry<String, JsonNode> setting : rules.properties()) {
      JsonNode options = setting.getValue().path("options");
      Optional<Rule> rule = ruleNamed(setting.getKey(), registry);
      if (!options.isObject() || rule.isEmpty() || !(rule.get() instanceof Configurable<?> configurable)) {
        continue;
      }
      for (InvalidOptionException e : RuleOptions.problems(configurable, options)) {
        String pointer = Pointers.of("rules", setting.getKey(), "options", e.key());
        invalid.add(new InvalidOption(e,
            new ConfigProblem(pointer, ConfigPaths.describe(pointer) + ": " + e.getMessage() + ".")));
      }
    }
    return invalid;
  }

  private static List<ConfigProblem> invalidGlobs(JsonNode exclude) {
    List<ConfigProblem> problems = new ArrayList<>();
    for (int i = 0; i < exclude.size(); i++) {
      JsonNode glob = exclude.get(i);
      if (!glob.isTextual() || glob.asText().isEmpty()) {
        continue;
      }
      String pointer = Pointers.of("exclude", i);
      PathGlobs.problem(glob.asText())
          .ifPresent(p -> problems.add(new ConfigProblem(pointer, ConfigPaths.describe(pointer) + ": " + p + ".")));
    }
    return problems;
  }

  /** The configuration of a valid tree, each rule's setting under its id, whether the file named it so or by code. */
  private static Config toConfig(JsonNode root, RuleRegistry registry, List<ContractSpec> contracts) {
    Map<String, String> groups = new LinkedHashMap<>();
    root.path("groups").properties().forEach(e -> groups.put(e.getKey(), e.getValue().asText()));
    Map<String, Level> levels = new LinkedHashMap<>();
    Map<String, JsonNode> options = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> rule : root.path("rules").properties()) {
      String id = ruleNamed(rule.getKey(), registry).orElseThrow().id();
      JsonNode setting = rule.getValue();
      JsonNode level = setting.isObject() ? setting.path("level") : setting;
      if (!level.isMissingNode()) {
        levels.put(id, level(level));
      }
      if (setting.has("options")) {
        options.put(id, setting.get("options"));
      }
    }
    return new Config(
        Optional.ofNullable(root.get("profile")).map(JsonNode::asText),
        Optional.empty(),
        groups,
        levels,
        options,
        settings(root.path("settings")),
        strings(root.path("exclude")),
        contracts,
        strings(root.path("schemaLocations")),
        Optional.ofNullable(root.get("now")).filter(JsonNode::isTextual).map(JsonNode::asText),
        root.path("nested").asBoolean(false),
        root.path("crdDiscovery").asBoolean(true));
  }

  private static SettingsOverrides settings(JsonNode s) {
    Map<String, String> monotonic = new LinkedHashMap<>();
    s.path("monotonicTypes").properties().forEach(e -> monotonic.put(e.getKey(), status(e.getValue())));
    return new SettingsOverrides(
        strings(s.path("negativeTypes")),
        strings(s.path("positiveTypes")),
        strings(s.path("presentOnlyWhenAbnormal")),
        strings(s.path("summaryTypes")),
        strings(s.path("dependentTypes")),
        strings(s.path("immutableTypes")),
        monotonic,
        strings(s.path("observedStateAllowList")),
        // "none" and "0s" parse to empty: no tolerance at all, which is a zero skew, not "unset".
        Optional.ofNullable(s.get("clockSkew")).map(d -> GoDuration.parse(d.asText()).orElse(Duration.ZERO)),
        Optional.ofNullable(s.get("messageRequired")).map(JsonNode::asBoolean));
  }

  /** A YAML 1.1 reader turns an unquoted {@code off} into {@code false}; the schema allows it. */
  private static Level level(JsonNode value) {
    return value.isBoolean() ? Level.OFF : Level.parse(value.asText());
  }

  /** Likewise an unquoted {@code True} or {@code False} becomes a boolean. */
  private static String status(JsonNode value) {
    if (value.isBoolean()) {
      return value.asBoolean() ? "True" : "False";
    }
    return value.asText();
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(e -> out.add(e.asText()));
    return out;
  }

  /** Problems in the order their places appear in the file (Jackson keeps the file's key order). */
  private static List<ConfigProblem> inDocumentOrder(List<ConfigProblem> problems, JsonNode root) {
    Map<String, Integer> order = new HashMap<>();
    number(root, "", order);
    List<ConfigProblem> sorted = new ArrayList<>(problems);
    sorted.sort(Comparator.comparingInt(p -> order.getOrDefault(p.pointer(), Integer.MAX_VALUE)));
    return sorted;
  }

  private static void number(JsonNode node, String pointer, Map<String, Integer> order) {
    order.put(pointer, order.size());
    if (node.isObject()) {
      node.properties().forEach(e -> number(e.getValue(), Pointers.append(pointer, e.getKey()), order));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        number(node.get(i), Pointers.append(pointer, i), order);
      }
    }
  }
}
