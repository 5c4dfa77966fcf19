package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.Position;
import dev.condlint.model.ScalarSource;
import java.util.List;
import java.util.Optional;

/**
 * One YAML document as a Jackson tree, with where each of its nodes stood and how each scalar was
 * written, asked for by JSON Pointer ({@code ""} is the root).
 */
public final class ParsedDocument {
  private final JsonNode root;
  private final NodeLocator locator;
  private final List<DuplicateKeySource> duplicateKeys;
  private final int firstLine;
  private final int lastLine;

  ParsedDocument(JsonNode root, NodeLocator locator, List<DuplicateKeySource> duplicateKeys, int firstLine, int lastLine) {
    this.root = root;
    this.locator = locator;
    this.duplicateKeys = List.copyOf(duplicateKeys);
    this.firstLine = firstLine;
    this.lastLine = lastLine;
  }

  public JsonNode root() {
    return root;
  }

  /** Keys written twice in one mapping, in source order; the tree holds the later value. */
  public List<DuplicateKeySource> duplicateKeys() {
    return duplicateKeys;
  }

  /** The line of the document's first node (1-based). */
  public int firstLine() {
    return firstLine;
  }

  /** The line where the document's last node ends (1-based). */
  public int lastLine() {
    return lastLine;
  }

  /**
   * Where the node at this pointer stands: a scalar at its value, a mapping or list that is a
   * mapping's value at its key. Empty when the pointer names no node.
   */
  public Optional<Position> position(String pointer) {
    return locator.position(pointer);
  }

  /** How the scalar at this pointer was written; empty when the pointer names no scalar. */
  public Optional<ScalarSource> scalar(String pointer) {
    return locator.scalar(pointer);
  }
}
