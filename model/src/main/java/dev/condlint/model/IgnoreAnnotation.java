package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;

/** The annotation that suppresses rules on one object: {@code condlint.dev/ignore: "rule-a, rule-b"}. */
public final class IgnoreAnnotation {
  public static final String NAME = "condlint.dev/ignore";

  /** Where findings about the annotation point. */
  public static final String POINTER = Pointers.of("metadata", "annotations", NAME);

  private IgnoreAnnotation() {}

  /** The rule ids the object's annotation names, each once, in the order written. */
  public static List<String> ruleIds(JsonNode object) {
    JsonNode value = object.path("metadata").path("annotations").path(NAME);
    if (!value.isTextual()) {
      return List.of();
    }
    return Arrays.stream(value.asText().split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .distinct()
        .toList();
  }
}
