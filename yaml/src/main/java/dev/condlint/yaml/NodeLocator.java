package dev.condlint.yaml;

import dev.condlint.model.Position;
import dev.condlint.model.ScalarSource;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Finds the composed node behind a JSON Pointer by walking the document's nodes. Positions are asked
 * for only where a finding is reported, so walking on demand costs far less than recording every
 * node's pointer while reading. A pointer resolves as the converted tree does: the later of two equal
 * keys, explicit keys before merged ones ({@code <<}), the first merge source that has the key.
 */
final class NodeLocator {
  /** Merge sources may nest; a recursive merge is refused by the reader, this only bounds the walk. */
  private static final int MAX_MERGE_DEPTH = 64;

  private final Node root;

  NodeLocator(Node root) {
    this.root = root;
  }

  /**
   * The position of the node at this pointer: a scalar at its value, a mapping or list that is a
   * mapping's value at its key (where a reader looks, since it starts on the next line).
   */
  Optional<Position> position(String pointer) {
    Found found = find(pointer);
    return found == null ? Optional.empty() : Optional.of(YamlReader.position(found.shownAt));
  }

  /** How the scalar at this pointer was written; empty when the pointer names no scalar. */
  Optional<ScalarSource> scalar(String pointer) {
    Found found = find(pointer);
    if (found == null || !(found.node instanceof ScalarNode s)) {
      return Optional.empty();
    }
    return Optional.of(new ScalarSource(s.getValue(), YamlReader.isImplicit(s)));
  }

  private record Found(Node node, Node shownAt) {}

  private Found find(String pointer) {
    if (pointer.isEmpty()) {
      return new Found(root, root);
    }
    if (pointer.charAt(0) != '/') {
      return null;
    }
    Node node = root;
    Node shownAt = root;
    int start = 1;
    while (true) {
      int end = pointer.indexOf('/', start);
      String segment = unescape(pointer.substring(start, end < 0 ? pointer.length() : end));
      if (node instanceof MappingNode map) {
        NodeTuple tuple = entry(map, segment, 0);
        if (tuple == null) {
          return null;
        }
        node = tuple.getValueNode();
        shownAt = node instanceof ScalarNode ? node : tuple.getKeyNode();
      } else if (node instanceof SequenceNode seq) {
        int index = index(segment);
        if (index < 0 || index >= seq.getValue().size()) {
          return null;
        }
        node = seq.getValue().get(index);
        shownAt = node;
      } else {
        return null;
      }
      if (end < 0) {
        return new Found(node, shownAt);
      }
      start = end + 1;
    }
  }

  private static NodeTuple entry(MappingNode map, String key, int mergeDepth) {
    NodeTuple explicit = null;
    for (NodeTuple tuple : map.getValue()) {
      Node k = tuple.getKeyNode();
      if (!YamlReader.isMergeKey(k) && key.equals(YamlReader.keyText(k))) {
        explicit = tuple;
      }
    }
    if (explicit != null || mergeDepth >= MAX_MERGE_DEPTH) {
      return explicit;
    }
    for (NodeTuple tuple : map.getValue()) {
      if (!YamlReader.isMergeKey(tuple.getKeyNode())) {
        continue;
      }
      Node value = tuple.getValueNode();
      List<Node> sources = value instanceof SequenceNode seq ? seq.getValue() : List.of(value);
      for (Node source : sources) {
        NodeTuple merged = source instanceof MappingNode m ? entry(m, key, mergeDepth + 1) : null;
        if (merged != null) {
          return merged;
        }
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
