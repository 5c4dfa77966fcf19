package dev.condlint.yaml;

import dev.condlint.model.Position;
import java.util.Arrays;

/**
 * Where one node of a document stood and how it was written: a light shadow of the JSON tree, kept
 * instead of the parser's own nodes (which hold every mark and a window of the text each) so that
 * a document costs little more than its JSON tree. An alias is a node of its own that points at its
 * anchor's node, so that a position asked for through it can name the alias.
 */
abstract class SourceNode {
  private final int line;
  private final int column;
  /** How many nodes this one expands to, itself, its keys and what its aliases stand for included. */
  final long size;

  SourceNode(Position at, long size) {
    this.line = at.line();
    this.column = at.column();
    this.size = size;
  }

  final Position position() {
    return new Position(line, column);
  }

  /** A scalar: its text as written, and whether it was plain (unquoted, untagged) and so resolved. */
  static final class Scalar extends SourceNode {
    final String text;
    final boolean plain;

    Scalar(Position at, String text, boolean plain) {
      super(at, 1);
      this.text = text;
      this.plain = plain;
    }
  }

  /** A use of an anchor ({@code *name}): its own position, and the anchored node it stands for. */
  static final class Alias extends SourceNode {
    final SourceNode target;

    Alias(Position at, SourceNode target) {
      super(at, 1 + target.size);
      this.target = target;
    }
  }

  static final class Sequence extends SourceNode {
    final SourceNode[] items;

    Sequence(Position at, SourceNode[] items, long size) {
      super(at, size);
      this.items = items;
    }
  }

  /**
   * A mapping: its keys as the JSON tree holds them, where each key stood, and each value's node, in
   * source order; then the mappings merged into it ({@code <<}), each possibly through an alias.
   */
  static final class Mapping extends SourceNode {
    final String[] keys;
    /** Two entries per key: its line and its column. */
    final int[] keyPositions;
    final SourceNode[] values;
    /** Merged mappings, in the order a key is looked up in them: {@link Mapping} or {@link Alias} nodes. */
    final SourceNode[] merges;

    Mapping(Position at, Builder entries, long size) {
      super(at, size);
      this.keys = Arrays.copyOf(entries.keys, entries.count);
      this.keyPositions = Arrays.copyOf(entries.keyPositions, entries.count * 2);
      this.values = Arrays.copyOf(entries.values, entries.count);
      this.merges = entries.merges.length == entries.mergeCount ? entries.merges
          : Arrays.copyOf(entries.merges, entries.mergeCount);
    }

    Position keyPosition(int entry) {
      return new Position(keyPositions[2 * entry], keyPositions[2 * entry + 1]);
    }

    /** The entry of this key written last in this mapping (not merged), or -1. */
    int lastEntry(String key) {
      for (int i = keys.length - 1; i >= 0; i--) {
        if (keys[i].equals(key)) {
          return i;
        }
      }
      return -1;
    }

    /** The entries of a mapping being read. */
    static final class Builder {
      private static final SourceNode[] NO_NODES = new SourceNode[0];
      private String[] keys = new String[4];
      private int[] keyPositions = new int[8];
      private SourceNode[] values = new SourceNode[4];
      private SourceNode[] merges = NO_NODES;
      private int count;
      private int mergeCount;

      void add(String key, Position keyAt, SourceNode value) {
        if (count == keys.length) {
          keys = Arrays.copyOf(keys, count * 2);
          keyPositions = Arrays.copyOf(keyPositions, count * 4);
          values = Arrays.copyOf(values, count * 2);
        }
        keys[count] = key;
        keyPositions[2 * count] = keyAt.line();
        keyPositions[2 * count + 1] = keyAt.column();
        values[count++] = value;
      }

      void merge(SourceNode mapping) {
        if (mergeCount == merges.length) {
          merges = Arrays.copyOf(merges, Math.max(2, mergeCount * 2));
        }
        merges[mergeCount++] = mapping;
      }

      /** Whether this key was written before in this mapping (a merged key does not count). */
      boolean written(String key) {
        for (int i = 0; i < count; i++) {
          if (keys[i].equals(key)) {
            return true;
          }
        }
        return false;
      }

      Position keyPosition(String key) {
        for (int i = 0; i < count; i++) {
          if (keys[i].equals(key)) {
            return new Position(keyPositions[2 * i], keyPositions[2 * i + 1]);
          }
        }
        throw new IllegalArgumentException(key);
      }
    }
  }
}
