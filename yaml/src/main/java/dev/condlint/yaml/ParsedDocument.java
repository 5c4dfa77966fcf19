package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.Position;
import dev.condlint.model.ScalarSource;
import dev.condlint.model.SourceMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One YAML document (or one item of a List, read on its own) as a Jackson tree, with where each of
 * its nodes stood and how each scalar was written, asked for by JSON Pointer ({@code ""} is the root).
 */
public final class ParsedDocument {
  private final JsonNode root;
  private final SourceLocator locator;
  private final List<DuplicateKeySource> duplicateKeys;
  private final int firstLine;
  private final Map<String, Position> elisions;

  ParsedDocument(JsonNode root, SourceLocator locator, List<DuplicateKeySource> duplicateKeys, int firstLine) {
    this(root, locator, duplicateKeys, firstLine, Map.of());
  }

  /** @param elisions the mappings the document's comments mark as partial ({@link Elisions}) */
  ParsedDocument(JsonNode root, SourceLocator locator, List<DuplicateKeySource> duplicateKeys, int firstLine,
      Map<String, Position> elisions) {
    this.root = root;
    this.locator = locator;
    this.duplicateKeys = List.copyOf(duplicateKeys);
    this.firstLine = firstLine;
    this.elisions = elisions;
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

  /**
   * Where the node at this pointer stands: a scalar at its value, a mapping or list that is a
   * mapping's value at its key, a node reached through an alias at the alias. Empty when the pointer
   * names no node.
   */
  public Optional<Position> position(String pointer) {
    return locator.position(pointer);
  }

  /** How the scalar at this pointer was written; empty when the pointer names no scalar. */
  public Optional<ScalarSource> scalar(String pointer) {
    return locator.scalar(pointer);
  }

  /** Every partial mapping of the document, by pointer, with its elision comment's position. */
  Map<String, Position> elisions() {
    return elisions;
  }

  /** Where a comment marks the mapping at this pointer as partial ({@link SourceMap#elision}). */
  public Optional<Position> elision(String pointer) {
    return Optional.ofNullable(elisions.get(pointer));
  }

  /** The whole document as the engine reads it: its tree and its source map, without suppressions. */
  public Document document() {
    return new Document(root, sourceMap(), List.of());
  }

  /** The source map of this document; it asks this document on demand, so nothing is copied. */
  public SourceMap sourceMap() {
    return SourceMap.of(this::position, this::scalar, duplicateKeys, this::elision);
  }

  /**
   * The source map of the node at {@code root} in this document (a List's item at {@code /items/i}),
   * with pointers relative to that node.
   */
  SourceMap sourceMap(String root) {
    List<DuplicateKeySource> duplicates = new ArrayList<>();
    for (DuplicateKeySource d : duplicateKeys) {
      if (d.pointer().startsWith(root + "/")) {
        duplicates.add(new DuplicateKeySource(d.pointer().substring(root.length()), d.key(), d.at(), d.first()));
      }
    }
    return SourceMap.of(pointer -> position(root + pointer), pointer -> scalar(root + pointer), duplicates,
        pointer -> elision(root + pointer));
  }
}
