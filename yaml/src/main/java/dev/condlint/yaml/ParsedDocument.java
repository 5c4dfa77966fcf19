package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One YAML document as a Jackson tree, with the position of every node and the source form of every
 * scalar, keyed by JSON Pointer ({@code ""} is the root).
 */
public record ParsedDocument(
    JsonNode root,
    Map<String, SourcePosition> positions,
    Map<String, ScalarInfo> scalars,
    List<DuplicateKey> duplicateKeys,
    int firstLine,
    int lastLine) {

  public Optional<SourcePosition> position(String pointer) {
    return Optional.ofNullable(positions.get(pointer));
  }

  public Optional<ScalarInfo> scalar(String pointer) {
    return Optional.ofNullable(scalars.get(pointer));
  }
}
