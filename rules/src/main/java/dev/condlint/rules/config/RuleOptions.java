package dev.condlint.rules.config;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.api.Configurable;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Rule options as records ({@link Configurable}): reads a rule's {@code options} into its record with
 * Jackson, and describes each component for the configuration's JSON Schema and the rule reference. The
 * kinds of option are the rows of {@link #KINDS}: a new kind is a row there (and, if Jackson does not
 * read it as wanted, a deserializer), never a change to the rules' API.
 */
public final class RuleOptions {

  /** One kind of option: the Java types it is, its values as a JSON Schema, and in words. */
  private record Kind(Predicate<Type> is, Function<JsonNodeFactory, ObjectNode> schema, String inWords) {}

  private static final List<Kind> KINDS = List.of(
      new Kind(t -> t == String.class, f -> f.objectNode().put("type", "string"), "a string"),
      new Kind(t -> t == boolean.class || t == Boolean.class, f -> f.objectNode().put("type", "boolean"),
          "true or false"),
      new Kind(t -> t == int.class || t == Integer.class || t == long.class || t == Long.class,
          f -> f.objectNode().put("type", "integer"), "an integer"),
      new Kind(RuleOptions::isListOfStrings,
          f -> {
            ObjectNode schema = f.objectNode().put("type", "array");
            schema.putObject("items").put("type", "string");
            return schema;
          },
          "a list of strings"),
      new Kind(t -> t == Duration.class,
          f -> {
            ObjectNode schema = f.objectNode();
            schema.putArray("anyOf")
                .add(f.objectNode().put("type", "string").put("pattern", GoDuration.SETTING))
                .add(f.objectNode().put("type", "number").put("minimum", 0).put("maximum", 0));
            return schema;
          },
          "a Go duration such as 90s or 1h30m, or none or 0 for off"));

  /** What the rule reference says of one option. */
  public record Option(String key, String description, String inWords) {}

  /** Built on first use: a lint that sets no option never starts Jackson's bean machinery. */
  private static final class Mapper {
    static final JsonMapper MAPPER = JsonMapper.builder()
        .addModule(new SimpleModule("condlint-rule-options").addDeserializer(Duration.class, new GoDurationOption()))
        // The schema names an unknown key, with the nearest known one.
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();
  }

  private RuleOptions() {}

  /**
   * What is wrong with each option set, each read on its own, so that one bad value does not hide the
   * next; in the order they are set.
   */
  static List<InvalidOptionException> problems(Configurable<?> rule, JsonNode options) {
    List<InvalidOptionException> problems = new ArrayList<>();
    options.properties().forEach(option -> {
      try {
        read(rule, JsonNodeFactory.instance.objectNode().set(option.getKey(), option.getValue()));
      } catch (InvalidOptionException e) {
        problems.add(e);
      }
    });
    return problems;
  }

  /**
   * Reads a rule's options; a missing node or one that is no mapping (which the schema reports) reads as
   * no options set.
   *
   * @throws InvalidOptionException naming the key, for a value the option's kind cannot take
   */
  public static <O extends Record> O read(Configurable<O> rule, JsonNode options) {
    JsonNode set = options.isObject() ? options : JsonNodeFactory.instance.objectNode();
    if (set.isEmpty()) {
      // What Jackson reads from {}: every component absent. Built without it, since starting Jackson's
      // bean machinery for a lint that sets no option cost a small file's run about a fifth of its CPU.
      return unset(rule.optionsType());
    }
    try {
      return Mapper.MAPPER.treeToValue(set, rule.optionsType());
    } catch (JsonMappingException e) {
      String key = e.getPath().isEmpty() ? "" : e.getPath().get(0).getFieldName();
      throw new InvalidOptionException(key, e.getOriginalMessage(), e instanceof InvalidValue);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A record with no option set: null for each object component, zero or false for a primitive one, as Jackson gives. */
  private static <O extends Record> O unset(Class<O> type) {
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    Object[] values = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      values[i] = types[i].isPrimitive() ? java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(types[i], 1), 0)
          : null;
    }
    try {
      var constructor = type.getDeclaredConstructor(types);
      constructor.setAccessible(true);
      return constructor.newInstance(values);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("rule options " + type.getName() + " cannot be built with no option set", e);
    }
  }

  /** Each option of a rule's record, in the record's order. */
  public static List<Option> describe(Class<? extends Record> options) {
    List<Option> out = new ArrayList<>();
    for (RecordComponent c : options.getRecordComponents()) {
      out.add(new Option(c.getName(), description(c), kind(c).inWords()));
    }
    return out;
  }

  /** The JSON Schema of each option: its description, then the values its kind takes. */
  static ObjectNode schema(Class<? extends Record> options) {
    ObjectNode byKey = JsonNodeFactory.instance.objectNode();
    for (RecordComponent c : options.getRecordComponents()) {
      ObjectNode value = byKey.putObject(c.getName());
      value.put("description", description(c));
      value.setAll(kind(c).schema().apply(JsonNodeFactory.instance));
    }
    return byKey;
  }

  private static Kind kind(RecordComponent c) {
    return KINDS.stream().filter(k -> k.is().test(c.getGenericType())).findFirst()
        .orElseThrow(() -> new IllegalStateException("option " + c.getName() + " of "
            + c.getDeclaringRecord().getName() + " is of a kind no rule option takes: " + c.getGenericType()));
  }

  private static String description(RecordComponent c) {
    JsonPropertyDescription d = c.getAccessor().getAnnotation(JsonPropertyDescription.class);
    if (d == null) {
      throw new IllegalStateException("option " + c.getName() + " of " + c.getDeclaringRecord().getName()
          + " has no @JsonPropertyDescription");
    }
    return d.value();
  }

  private static boolean isListOfStrings(Type t) {
    return t instanceof ParameterizedType p && p.getRawType() == List.class
        && p.getActualTypeArguments()[0] == String.class;
  }

  /** A value an option's own reader refuses, saying why better than a type mismatch would. */
  private static final class InvalidValue extends JsonMappingException {
    private static final long serialVersionUID = 1L;

    InvalidValue(JsonParser p, String message) {
      super(p, message);
    }
  }

  /**
   * A Go duration ({@code 90s}, {@code 1h30m}), or {@code none} or {@code 0} for off, which read as
   * zero; anything else is an error that quotes the value, never a silent default.
   */
  private static final class GoDurationOption extends StdDeserializer<Duration> {
    private static final long serialVersionUID = 1L;

    GoDurationOption() {
      super(Duration.class);
    }

    @Override
    public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      JsonNode value = p.readValueAsTree();
      if (value.isTextual()) {
        try {
          return GoDuration.parse(value.asText()).orElse(Duration.ZERO);
        } catch (IllegalArgumentException e) {
          throw new InvalidValue(p, e.getMessage());
        }
      }
      if (value.isNumber() && value.asDouble() == 0) {
        return Duration.ZERO;
      }
      throw new InvalidValue(p, invalid(value));
    }

    /** An explicit null is no duration either (an option left empty in YAML). */
    @Override
    public Duration getNullValue(DeserializationContext ctxt) throws JsonMappingException {
      throw new InvalidValue(ctxt.getParser(), invalid(JsonNodeFactory.instance.nullNode()));
    }

    /** An option not set is null: the rule's default applies. */
    @Override
    public Object getAbsentValue(DeserializationContext ctxt) {
      return null;
    }

    private static String invalid(JsonNode value) {
      return "invalid duration " + value + ": expected Go duration syntax such as 90s, 10m or 1h30m, or none";
    }
  }
}
