package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.condlint.model.GoDuration;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/** A rule's options from the configuration ({@code rules.<id>.options}); absent keys give defaults. */
public record RuleOptions(JsonNode node) {

  public static final RuleOptions NONE = new RuleOptions(MissingNode.getInstance());

  public boolean has(String key) {
    return node.has(key);
  }

  public int integer(String key, int fallback) {
    JsonNode v = node.get(key);
    return v != null && v.canConvertToInt() ? v.asInt() : fallback;
  }

  public boolean bool(String key, boolean fallback) {
    JsonNode v = node.get(key);
    return v != null && v.isBoolean() ? v.asBoolean() : fallback;
  }

  public String text(String key, String fallback) {
    JsonNode v = node.get(key);
    return v != null && v.isTextual() ? v.asText() : fallback;
  }

  public Set<String> strings(String key, Set<String> fallback) {
    JsonNode v = node.get(key);
    if (v == null || !v.isArray()) {
      return fallback;
    }
    Set<String> out = new LinkedHashSet<>();
    v.forEach(e -> out.add(e.asText()));
    return out;
  }

  /** A Go-syntax duration option; empty when set to {@code none} or zero. */
  public Optional<Duration> duration(String key, Optional<Duration> fallback) {
    JsonNode v = node.get(key);
    return v != null && v.isTextual() ? GoDuration.parse(v.asText()) : fallback;
  }
}
