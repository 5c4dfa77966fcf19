package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.schema.SchemaPatterns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import dev.condlint.rules.text.Suggestions;

/**
 * Reads contract entries from a JSON tree, the same way for the configuration's {@code contracts} and
 * the catalogue's files, and says what is wrong with them by JSON pointer. The configuration's JSON
 * Schema checks the shape first; this checks what a schema cannot: family ids, list paths, group
 * patterns and spellings of polarities and field rules.
 */
public final class ContractSpecReader {

  /** A problem with an entry, at a pointer relative to the tree that was read. */
  public record Problem(String pointer, String message) {}

  /** The entries, and what kept some of them from being read. */
  public record Result(List<ContractSpec> specs, List<Problem> problems) {}

  private final Map<String, ConditionFamily> families;

  /**
   * A reader of entries of the configuration or the catalogue: a user's entry can state everything a
   * catalogue entry can, the timing of the kinds' system too (a kind that a system's fork reconciles).
   */
  public ContractSpecReader(Map<String, ConditionFamily> families) {
    this.families = families;
  }

  static ContractSpecReader forCatalogue(Map<String, ConditionFamily> families) {
    return new ContractSpecReader(families);
  }

  /**
   * Reads an array of entries found at {@code pointer}; {@code basis} names each entry (by index) for
   * the findings that will rest on it.
   */
  public Result read(JsonNode entries, String pointer, IntFunction<ContractBasis> basis) {
    List<ContractSpec> specs = new ArrayList<>();
    List<Problem> problems = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      int before = problems.size();
      ContractSpec spec = entry(entries.get(i), pointer + "/" + i, basis.apply(i), problems);
      if (problems.size() == before) {
        specs.add(spec);
      }
    }
    return new Result(specs, problems);
  }

  private ContractSpec entry(JsonNode node, String at, ContractBasis basis, List<Problem> problems) {
    String group = node.path("group").asText("");
    if (!GroupPattern.isValid(group)) {
      problems.add(new Problem(at + "/group", "'" + group + "' is not an API group or group pattern"
          + " (an exact group such as example.com, \"\" for the core group, *.example.com, or *)"));
    }
    Map<String, ListSpec> lists = new LinkedHashMap<>();
    if (node.has("conditions")) {
      lists.put(ListPath.TOP_LEVEL, list(node.get("conditions"), at + "/conditions", problems));
    }
    for (Map.Entry<String, JsonNode> e : node.path("lists").properties()) {
      String path = e.getKey();
      String listAt = at + "/lists/" + escape(path);
      if (!ListPath.isValidPattern(path)) {
        problems.add(new Problem(listAt, "'" + path + "' is not a condition list path (write it as"
            + " status.conditions or status.listeners[].conditions; * stands for any one map key)"));
        continue;
      }
      lists.put(path, list(e.getValue(), listAt, problems));
    }
    Optional<Timing> timing = node.has("timing")
        ? TimingReader.read(node.get("timing"), at + "/timing", problems)
        : Optional.empty();
    return new ContractSpec(
        new GroupPattern(group),
        strings(node.path("kinds")),
        strings(node.path("versions")),
        strings(node.path("crdCategories")),
        lists,
        basis,
        timing,
        strings(node.path("categories")));
  }

  private ListSpec list(JsonNode node, String at, List<Problem> problems) {
    Optional<ConditionFamily> family = Optional.empty();
    if (node.has("family")) {
      String id = node.get("family").asText();
      family = Optional.ofNullable(families.get(id));
      if (family.isEmpty()) {
        problems.add(new Problem(at + "/family", "Unknown condition family '" + id + "'"
            + Suggestions.didYouMean(id, List.copyOf(families.keySet())) + " (known: " + String.join(", ", families.keySet()) + ")"));
      }
    }
    Map<String, FieldRule> fields = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : node.path("fields").properties()) {
      fieldRule(e.getValue(), at + "/fields/" + escape(e.getKey()), problems)
          .ifPresent(rule -> fields.put(e.getKey(), rule));
    }
    Map<String, Polarity> types = polarities(node.path("types"), at + "/types/", problems);
    Map<String, Polarity> endings = polarities(node.path("typeEndings"), at + "/typeEndings/", problems);
    Optional<GenerationTracking> generation = Optional.empty();
    if (node.has("observedGeneration")) {
      String text = node.get("observedGeneration").asText();
      generation = GenerationTracking.parse(text);
      if (generation.isEmpty()) {
        problems.add(new Problem(at + "/observedGeneration",
            "'" + text + "' is not one of status, condition, both, none"));
      }
    }
    Optional<FieldConstraints> constraints = node.has("constraints")
        ? Optional.of(FieldConstraints.of(node.get("constraints"))) : Optional.empty();
    // A pattern the format rules could not compile would hold the field to nothing: the entry's mistake.
    node.path("constraints").properties().forEach(e -> {
      JsonNode pattern = e.getValue().path("pattern");
      if (pattern.isTextual()) {
        SchemaPatterns.problem(pattern.asText()).ifPresent(why -> problems.add(new Problem(
            at + "/constraints/" + escape(e.getKey()) + "/pattern",
            "'" + pattern.asText() + "' is not a regular expression (" + why + ")")));
      }
    });
    List<JsonNode> placeholders = new ArrayList<>();
    node.path("placeholders").forEach(placeholders::add);
    return new ListSpec(family, fields, types, endings, summary(node.path("summary")), generation,
        facts(node, at, problems), constraints, placeholders);
  }

  /** The per-type facts an entry states: lists of types, and {@code monotonicTypes} as type to terminal status. */
  static TypeFacts facts(JsonNode node, String at, List<Problem> problems) {
    List<Optional<Set<String>>> sets = new ArrayList<>();
    for (String key : TypeFacts.KEYS) {
      sets.add(node.has(key) && node.get(key).isArray() ? Optional.of(strings(node.get(key))) : Optional.empty());
    }
    Optional<Map<String, String>> monotonic = Optional.empty();
    if (node.has("monotonicTypes")) {
      Map<String, String> terminal = new LinkedHashMap<>();
      node.get("monotonicTypes").properties().forEach(e -> {
        if (List.of("True", "False", "Unknown").contains(e.getValue().asText())) {
          terminal.put(e.getKey(), e.getValue().asText());
        } else {
          problems.add(new Problem(at + "/monotonicTypes/" + escape(e.getKey()),
              "'" + e.getValue().asText() + "' is not a condition status (True, False or Unknown)"));
        }
      });
      monotonic = Optional.of(terminal);
    }
    return new TypeFacts(sets.get(0), sets.get(1), sets.get(2), monotonic, sets.get(4), sets.get(5), sets.get(6),
        sets.get(7));
  }

  private static Map<String, Polarity> polarities(JsonNode node, String at, List<Problem> problems) {
    Map<String, Polarity> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String text = e.getValue().asText();
      Optional<Polarity> polarity = Polarity.parse(text);
      if (polarity.isEmpty()) {
        problems.add(new Problem(at + escape(e.getKey()),
            "'" + text + "' is not a polarity (normal-true, abnormal-true or unknown)"));
      } else {
        out.put(e.getKey(), polarity.get());
      }
    }
    return out;
  }

  /** A field rule as entries and the catalogue's families spell it: required, optional or {requiredWhen: [...]}. */
  static Optional<FieldRule> fieldRule(JsonNode value, String at, List<Problem> problems) {
    if (value.isObject() && value.has("requiredWhen")) {
      return Optional.of(FieldRule.requiredWhen(strings(value.get("requiredWhen"))));
    }
    switch (value.asText()) {
      case "required":
        return Optional.of(FieldRule.REQUIRED);
      case "optional":
        return Optional.of(FieldRule.OPTIONAL);
      default:
        problems.add(new Problem(at, "'" + value.asText() + "' is not a field rule (required, optional,"
            + " or {requiredWhen: [False]})"));
        return Optional.empty();
    }
  }

  private static Optional<Summary> summary(JsonNode node) {
    if (node.isArray()) {
      return Optional.of(new Summary(List.copyOf(strings(node)), false));
    }
    if (node.isObject()) {
      Map<String, Set<String>> sumsUp = new LinkedHashMap<>();
      node.path("sumsUp").properties().forEach(e -> sumsUp.put(e.getKey(), strings(e.getValue())));
      return Optional.of(new Summary(List.copyOf(strings(node.path("types"))), node.path("all").asBoolean(false), sumsUp));
    }
    return Optional.empty();
  }

  static Set<String> strings(JsonNode array) {
    Set<String> out = new LinkedHashSet<>();
    array.forEach(e -> out.add(e.asText()));
    return out;
  }

  private static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }
}
