package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.GoDuration;
import java.time.Duration;
import java.util.Optional;

/**
 * One option a {@link Configurable} rule takes ({@code rules.<id>.options.<key>}): its key, what it
 * does, and the kind of value it takes, which both reads the value and describes it in the
 * configuration's JSON Schema, so that the loader and the schema accept the same values.
 */
public record RuleOption(String key, String description, Kind kind) {

  /** The kinds of value an option takes. */
  public enum Kind {
    /** A Go duration ({@code 90s}, {@code 1h30m}), or {@code none} or {@code 0} to turn the check off. */
    DURATION("a Go duration such as 90s or 1h30m, or none or 0 for off"),
    /** Any string; the rule reads it. */
    STRING("a string");

    private final String inWords;

    Kind(String inWords) {
      this.inWords = inWords;
    }

    /** The values it takes, in words, for the rule reference. */
    public String inWords() {
      return inWords;
    }

    /** The values it takes, as a JSON Schema. */
    public ObjectNode schema() {
      ObjectNode schema = JsonNodeFactory.instance.objectNode();
      if (this == STRING) {
        return schema.put("type", "string");
      }
      ArrayNode anyOf = schema.putArray("anyOf");
      anyOf.addObject().put("type", "string").put("pattern", GoDuration.SETTING);
      anyOf.addObject().put("type", "number").put("minimum", 0).put("maximum", 0);
      return schema;
    }
  }

  /** An option whose value is a string. */
  public static RuleOption string(String key, String description) {
    return new RuleOption(key, description, Kind.STRING);
  }

  /** An option whose value is a duration. */
  public static RuleOption duration(String key, String description) {
    return new RuleOption(key, description, Kind.DURATION);
  }

  /**
   * The duration this option sets in {@code options}, {@code fallback} when it is not set, empty when
   * it is off ({@code none} or zero).
   *
   * @throws InvalidOptionException quoting the value, when it is no duration
   */
  public Optional<Duration> duration(JsonNode options, Optional<Duration> fallback) {
    if (kind != Kind.DURATION) {
      throw new IllegalStateException(key + " takes no duration");
    }
    JsonNode value = options.get(key);
    if (value == null) {
      return fallback;
    }
    if (value.isTextual()) {
      try {
        return GoDuration.parse(value.asText());
      } catch (IllegalArgumentException e) {
        throw new InvalidOptionException(key, e.getMessage());
      }
    }
    if (value.isNumber() && value.asDouble() == 0) {
      return Optional.empty();
    }
    throw new InvalidOptionException(
        key, "invalid duration " + value + ": expected Go duration syntax such as 90s, 10m or 1h30m, or none");
  }
}
