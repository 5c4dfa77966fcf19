package dev.condlint.yaml;

import dev.condlint.model.Position;
import dev.condlint.model.ScalarSource;
import java.util.Optional;

/**
 * Finds where the node behind a JSON Pointer stood, by walking a document's {@link SourceNode}s on
 * demand (positions are asked for only where a finding is reported). A pointer resolves as the JSON
 * tree does: the later of two equal keys, explicit keys before merged ones ({@code <<}), the first
 * merged mapping that has the key. A node reached through an alias is shown at the alias, the
 * outermost one: the place in this object where the value is used.
 */
final class SourceLocator {
  /** Merged mappings may nest; a recursive merge cannot be written, this only bounds the walk. */
  private static final int MAX_MERGE_DEPTH = 64;

  private final SourceNode root;

  SourceLocator(SourceNode root) {
    this.root = root;
  }

  /**
   * The position of the node at this pointer: a scalar at its value, a mapping or list that is a
   * mapping's value at its key (where a reader looks, since it starts on the next line).
   */
  Optional<Position> position(String pointer) {
    Found found = find(pointer);
    return found == null ? Optional.empty() : Optional.of(found.shownAt);
  }

  /** How the scalar at this pointer was written; empty when the pointer names no scalar. */
  Optional<ScalarSource> scalar(String pointer) {
    Found found = find(pointer);
    if (found == null || !(found.node instanceof SourceNode.Scalar s)) {
      return Optional.empty();
    }
    return Optional.of(new ScalarSource(s.text, s.plain));
  }

  private record Found(SourceNode node, Position shownAt) {}

  /** A mapping's entry: its value's node, where its key stood, and the alias it was merged through. */
  private record Entry(SourceNode value, Position keyAt, Position mergedThrough) {}

  /**
   * A value written as nothing ({@code key:} and no more) has no place of its own: the parser puts it after the
   * colon, or, where comments follow the key, at the next token lines below; then its key is where it was written.
   */
  private static boolean writtenAsNothingBelow(SourceNode.Scalar scalar, Position keyAt) {
    return scalar.plain && scalar.text.isEmpty() && scalar.position().line() > keyAt.line();
  }

  private Found find(String pointer) {
    if (!pointer.isEmpty() && pointer.charAt(0) != '/') {
      return null;
    }
    Position alias = null;
    SourceNode node = root;
    Position shownAt = root.position();
    int start = 1;
    while (true) {
      if (node instanceof SourceNode.Alias a) {
        alias = alias != null ? alias : a.position();
        node = a.target;
      }
      if (start > pointer.length()) {
        return new Found(node, alias != null ? alias : shownAt);
      }
      int end = pointer.indexOf('/', start);
      String segment = unescape(pointer.substring(start, end < 0 ? pointer.length() : end));
      if (node instanceof SourceNode.Mapping map) {
        Entry entry = entry(map, segment, 0);
        if (entry == null) {
          return null;
        }
        alias = alias != null ? alias : entry.mergedThrough;
        node = entry.value;
        shownAt = node instanceof SourceNode.Scalar s && !writtenAsNothingBelow(s, entry.keyAt)
            ? node.position() : entry.keyAt;
      } else if (node instanceof SourceNode.Sequence seq) {
        int index = index(segment);
        if (index < 0 || index >= seq.items.length) {
          return null;
        }
        node = seq.items[index];
        shownAt = node.position();
      } else {
        return null;
      }
      start = end < 0 ? pointer.length() + 1 : end + 1;
    }
  }

  private static Entry entry(SourceNode.Mapping map, String key, int mergeDepth) {
    int explicit = map.lastEntry(key);
    if (explicit >= 0) {
      return new Entry(map.values[explicit], map.keyPosition(explicit), null);
    }
    if (mergeDepth >= MAX_MERGE_DEPTH) {
      return null;
    }
    for (SourceNode merge : map.merges) {
      SourceNode source = merge instanceof SourceNode.Alias a ? a.target : merge;
      Entry merged = source instanceof SourceNode.Mapping m ? entry(m, key, mergeDepth + 1) : null;
      if (merged != null) {
        Position through = merge instanceof SourceNode.Alias ? merge.position() : merged.mergedThrough;
        return new Entry(merged.value, merged.keyAt, through);
      }
    }
    return null;
  }

  private static int index(String segment) {
    if (segment.isEmpty() || segment.length() > 9 || segment.length() > 1 && segment.charAt(0) == '0') {
      return -1;
    }
    for (int i = 0; i < segment.length(); i++) {
      if (segment.charAt(i) < '0' || segment.charAt(i) > '9') {
        return -1;
      }
    }
    return Integer.parseInt(segment);
  }

  private static String unescape(String segment) {
    return segment.indexOf('~') < 0 ? segment : segment.replace("~1", "/").replace("~0", "~");
  }
}
