package dev.condlint.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One Kubernetes object as the engine sees it: the JSON tree, where its nodes stand in the source
 * (or {@link SourceMap#NONE}), and the suppressions written beside it in the source; and, for an
 * object nested in another document (a test table's entry, linted with {@code --nested}), the pointer
 * of the object in that document ({@code at}), which the front end puts before its findings' pointers.
 * The engine reads the object alone: its pointers, and its source map's, are the object's own.
 * {@code proposedIn} names the design folder the file stands in ({@code proposals}, {@code keps}, ...),
 * empty for any other file.
 */
public record Document(
    JsonNode object, SourceMap source, List<LineSuppression> lineSuppressions, String at, String proposedIn) {

  public Document {
    lineSuppressions = List.copyOf(lineSuppressions);
  }

  /** An object of a document that no design folder holds. */
  public Document(JsonNode object, SourceMap source, List<LineSuppression> lineSuppressions, String at) {
    this(object, source, lineSuppressions, at, "");
  }

  /**
   * The same object, read from a file in a design folder ({@code proposals/}, {@code keps/}, ...) named
   * {@code folder}: a design document describes an API as proposed, which may not be the API that
   * shipped, so checks against the shipped CRD say less ({@link #proposed()}).
   */
  public Document proposedIn(String folder) {
    return new Document(object, source, lineSuppressions, at, folder);
  }

  /** Whether the object comes from a design document ({@link #proposedIn(String)}). */
  public boolean proposed() {
    return !proposedIn.isEmpty();
  }

  /** A document's root object, or a List's item: its findings' pointers are its own. */
  public Document(JsonNode object, SourceMap source, List<LineSuppression> lineSuppressions) {
    this(object, source, lineSuppressions, "");
  }

  /** Whether the object stands below the root of a document that is not itself its List. */
  public boolean nested() {
    return !at.isEmpty();
  }

  /** A document without source: what the webhook receives. */
  public static Document of(JsonNode object) {
    return new Document(object, SourceMap.NONE, List.of());
  }

  public ObjectRef ref() {
    return ObjectRef.of(object);
  }
}
