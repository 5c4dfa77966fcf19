package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One Kubernetes object as the engine sees it: the JSON tree, where its nodes stand in the source
 * (or {@link SourceMap#NONE}), and the suppressions written beside it in the source.
 */
public record Document(JsonNode object, SourceMap source, List<LineSuppression> lineSuppressions) {

  public Document {
    lineSuppressions = List.copyOf(lineSuppressions);
  }

  /** A document without source: what the webhook receives. */
  public static Document of(JsonNode object) {
    return new Document(object, SourceMap.NONE, List.of());
  }

  public ObjectRef ref() {
    return ObjectRef.of(object);
  }
}
