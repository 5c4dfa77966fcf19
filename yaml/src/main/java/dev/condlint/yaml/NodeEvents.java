package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Position;

/**
 * A text read as a stream of node events, whatever its syntax: what {@link TreeComposer} builds
 * trees from. YAML's events come from snakeyaml-engine's parser ({@link YamlEvents}), JSON's from
 * Jackson's strict parser ({@link JsonEvents}). A pull parser: {@link #next} moves to the next event,
 * the other methods describe the current one.
 */
interface NodeEvents {
  enum Kind { DOCUMENT_START, DOCUMENT_END, MAPPING_START, MAPPING_END, SEQUENCE_START, SEQUENCE_END, SCALAR, ALIAS,
    STREAM_END }

  /**
   * Moves to the next event.
   *
   * @throws ReadProblem where the text stops being valid
   */
  Kind next();

  /** Where the current event starts. */
  Position at();

  /** The anchor of the current node ({@code &name}), the anchor an {@link Kind#ALIAS} uses, or null. */
  String anchor();

  /** A scalar's value as kubectl reads it. */
  JsonNode value();

  /** A scalar's text as written. */
  String text();

  /** Whether a scalar was written plain (unquoted, untagged), so that the reader resolved its type. */
  boolean plain();
}
