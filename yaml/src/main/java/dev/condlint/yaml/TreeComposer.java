package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.Pointers;
import dev.condlint.model.Position;
import dev.condlint.yaml.NodeEvents.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds each document of a stream of node events into a Jackson tree and its {@link SourceNode}s:
 * duplicate keys recorded instead of dropped, merge keys ({@code <<}) applied, and an alias sharing
 * its anchor's tree instead of copying it, while counting what the alias expands to, as kubectl's
 * YAML reader does (go-yaml's "excessive aliasing" rule), so that a billion-laughs file is refused
 * at the alias that expands it too far and 200 modest aliases are not.
 *
 * <p>Given a {@link ListItems}, the items of a document's top-level {@code items} list go out one at a
 * time as documents of their own, and the document keeps an empty list: a large {@code kind: List}
 * is never held whole.
 */
final class TreeComposer {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String MERGE = "<<";
  /** go-yaml's thresholds (decode.go, allowedAliasRatio): it refuses a document above them. */
  private static final int ALIASING_MIN_ALIASED = 100;
  private static final int ALIASING_MIN_NODES = 1000;
  private static final long ALIAS_RATIO_LOW = 400_000;
  private static final long ALIAS_RATIO_HIGH = 4_000_000;

  private static final String ITEMS = "items";
  private static final String KIND = "kind";

  /** One composed node: its JSON value, its source, and how many collection levels it holds. */
  private record Composed(JsonNode json, SourceNode source, int height) {}

  /** Where the items of a List go, one at a time, when they are not kept in the List's tree. */
  interface ListItems {
    /**
     * Whether the items of a document whose root has this kind so far (a missing node while none is
     * read, as in kubectl's output, which writes kind after items) are to go out one at a time.
     */
    boolean mayBeList(JsonNode kindSoFar);

    /** Whether a document whose items went out one at a time (its tree holds an empty list) is a List indeed. */
    boolean isList(JsonNode root);

    /** One item of the List: a document of its own, with pointers from the item. */
    void item(ParsedDocument item);
  }

  /**
   * Thrown when items went out one at a time from a document that turns out not to be a List (its
   * kind, read after its items, names no List; or it has two item lists): the text must be read again,
   * each document whole.
   */
  static final class NotAList extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotAList() {
      super("items were read one at a time from a document that is no List", null, false, false);
    }
  }

  private final NodeEvents events;
  private final ReaderLimits limits;
  /** The text's comments as they are read, for the elisions of each document; null when not collected. */
  private final List<Comment> comments;

  /** Per document: its anchors, the anchors being defined, and go-yaml's two counts. */
  private final Map<String, Composed> anchors = new HashMap<>();
  private final Set<String> defining = new HashSet<>();
  private long decoded;
  private long aliased;

  /** Per document: its duplicates, the path to the node being read, and its expanded size. */
  private List<DuplicateKeySource> duplicates;
  private List<Object> path;
  private long nodes;
  private Kind currentKind;

  /** Where a List's items go, for the document being read; null to keep them in the tree. */
  private ListItems listItems;
  private boolean itemsWentOut;

  TreeComposer(NodeEvents events, ReaderLimits limits) {
    this(events, limits, null);
  }

  /** @param comments the list the events collect comments into, or null when they collect none */
  TreeComposer(NodeEvents events, ReaderLimits limits, List<Comment> comments) {
    this.events = events;
    this.limits = limits;
    this.comments = comments;
  }

  /**
   * Reads the next document; null at the end of the stream.
   *
   * @throws ReadProblem where the text stops being readable (the documents before stay read)
   */
  ParsedDocument next() {
    return next(null);
  }

  /**
   * Reads the next document, handing the items of a top-level List to {@code items} as they are read
   * (null to keep them in the tree); null at the end of the stream.
   *
   * @throws ReadProblem where the text stops being readable (the documents and items before stay read)
   * @throws NotAList when items went out from a document that is no List
   */
  ParsedDocument next(ListItems items) {
    int firstComment = commentCount();
    if (advance() == Kind.STREAM_END) {
      return null;
    }
    listItems = items;
    itemsWentOut = false;
    expect(Kind.DOCUMENT_START);
    anchors.clear();
    defining.clear();
    decoded = 1;
    aliased = 0;
    duplicates = new ArrayList<>();
    path = new ArrayList<>();
    nodes = 0;
    advance();
    Position start = events.at();
    Composed root = compose(0);
    if (itemsWentOut && !listItems.isList(root.json())) {
      throw new NotAList();
    }
    advance();
    expect(Kind.DOCUMENT_END);
    return new ParsedDocument(root.json(), new SourceLocator(root.source()), duplicates, start.line(),
        elisions(root.source(), firstComment));
  }

  private int commentCount() {
    return comments == null ? 0 : comments.size();
  }

  /** The partial mappings of a node read since the comment at {@code firstComment} was. */
  private Map<String, Position> elisions(SourceNode node, int firstComment) {
    return comments == null || comments.size() == firstComment ? Map.of()
        : Elisions.of(node, comments.subList(firstComment, comments.size()));
  }

  private Kind advance() {
    currentKind = events.next();
    return currentKind;
  }

  private void expect(Kind expected) {
    if (currentKind != expected) {
      throw new IllegalStateException("expected " + expected + ", read " + currentKind);
    }
  }

  /** Composes the node whose first event is the current one, through its last event. */
  private Composed compose(int depth) {
    Kind kind = currentKind;
    return switch (kind) {
      case SCALAR -> scalar();
      case ALIAS -> alias(depth);
      case SEQUENCE_START -> sequence(depth);
      case MAPPING_START -> mapping(depth);
      default -> throw new IllegalStateException("a node cannot start with " + kind);
    };
  }

  private Composed scalar() {
    Position at = events.at();
    count(1, 0, at);
    Composed scalar = new Composed(events.value(), new SourceNode.Scalar(at, events.text(), events.plain()), 0);
    anchor(events.anchor(), scalar);
    return scalar;
  }

  private Composed alias(int depth) {
    Position at = events.at();
    String name = events.anchor();
    Composed target = target(at, name);
    if (depth + target.height() - 1 > limits.maxDepth()) {
      throw new ReadProblem(at, "document is nested deeper than " + limits.maxDepth() + " levels (through alias *"
          + name + ")");
    }
    count(1 + target.source().size, target.source().size, at);
    return new Composed(target.json(), new SourceNode.Alias(at, target.source()), target.height());
  }

  private Composed sequence(int depth) {
    Position at = events.at();
    String anchor = beginCollection(depth, at);
    ArrayNode array = F.arrayNode();
    List<SourceNode> items = new ArrayList<>();
    long size = 1;
    int height = 0;
    while (advance() != Kind.SEQUENCE_END) {
      path.add(items.size());
      Composed item = compose(depth + 1);
      path.remove(path.size() - 1);
      array.add(item.json());
      items.add(item.source());
      size += item.source().size;
      height = Math.max(height, item.height());
    }
    return endCollection(anchor, new Composed(array, new SourceNode.Sequence(at, items.toArray(SourceNode[]::new), size),
        height + 1));
  }

  private Composed mapping(int depth) {
    Position at = events.at();
    String anchor = beginCollection(depth, at);
    ObjectNode object = F.objectNode();
    SourceNode.Mapping.Builder entries = new SourceNode.Mapping.Builder();
    long size = 1;
    int height = 0;
    while (advance() != Kind.MAPPING_END) {
      Position keyAt = events.at();
      String key = key(keyAt);
      boolean merge = currentKind == Kind.SCALAR && events.plain() && MERGE.equals(events.text());
      size += 1;
      count(1, 0, keyAt);
      advance();
      if (merge) {
        Composed merged = merge(object, entries, depth);
        size += merged.source().size;
        height = Math.max(height, merged.height());
        continue;
      }
      if (depth == 0 && key.equals(ITEMS) && itemsGoOut(object)) {
        if (entries.written(ITEMS)) {
          throw new NotAList();
        }
        Composed emptied = itemsOneByOne();
        object.replace(key, emptied.json());
        entries.add(key, keyAt, emptied.source());
        size += emptied.source().size;
        continue;
      }
      path.add(key);
      Composed value = compose(depth + 1);
      path.remove(path.size() - 1);
      if (object.replace(key, value.json()) != null && entries.written(key)) {
        duplicates.add(new DuplicateKeySource(pointer(key), key, keyAt, entries.keyPosition(key)));
      }
      entries.add(key, keyAt, value.source());
      size += value.source().size;
      height = Math.max(height, value.height());
    }
    return endCollection(anchor, new Composed(object, new SourceNode.Mapping(at, entries, size), height + 1));
  }

  /** Whether the value about to be read, a root's items, goes out item by item. */
  private boolean itemsGoOut(ObjectNode root) {
    return listItems != null && currentKind == Kind.SEQUENCE_START && events.anchor() == null
        && listItems.mayBeList(root.path(KIND));
  }

  /**
   * Reads a root's items, each as a document of its own (its own duplicate keys, pointers and node
   * count) handed to {@link #listItems}, and leaves an empty list in the tree. Items may still use
   * anchors of the document, and their aliases count towards its expansion.
   */
  private Composed itemsOneByOne() {
    Position at = events.at();
    count(1, 0, at);
    itemsWentOut = true;
    List<DuplicateKeySource> documentDuplicates = duplicates;
    List<Object> documentPath = path;
    long documentNodes = nodes;
    while (advance() != Kind.SEQUENCE_END) {
      duplicates = new ArrayList<>();
      path = new ArrayList<>();
      nodes = 0;
      Position start = events.at();
      int firstComment = commentCount();
      Composed item = compose(2);
      listItems.item(new ParsedDocument(item.json(), new SourceLocator(item.source()), duplicates, start.line(),
          elisions(item.source(), firstComment)));
    }
    duplicates = documentDuplicates;
    path = documentPath;
    nodes = documentNodes;
    return new Composed(F.arrayNode(), new SourceNode.Sequence(at, new SourceNode[0], 1), 1);
  }

  /** A mapping key as the JSON tree holds it: a scalar's text, or a resolved plain scalar's JSON text. */
  private String key(Position at) {
    JsonNode value;
    if (currentKind == Kind.SCALAR) {
      value = events.value();
    } else if (currentKind == Kind.ALIAS) {
      Composed target = target(at, events.anchor());
      if (!(target.source() instanceof SourceNode.Scalar)) {
        throw new ReadProblem(at, "mapping keys must be scalars");
      }
      count(target.source().size, target.source().size, at);
      value = target.json();
    } else {
      throw new ReadProblem(at, "mapping keys must be scalars");
    }
    return value.isTextual() ? value.asText() : value.toString();
  }

  /** The node an alias names. */
  private Composed target(Position at, String name) {
    if (defining.contains(name)) {
      throw new ReadProblem(at, "alias *" + name + " is used inside the node it names");
    }
    Composed target = anchors.get(name);
    if (target == null) {
      throw new ReadProblem(at, "alias *" + name + " names no anchor (an anchor &" + name + " must come before it)");
    }
    return target;
  }

  /**
   * Merges the mappings of a {@code <<} value (a mapping, an alias of one, or a list of them) into
   * the keys not written yet; keys written later override them. Anything else merges nothing.
   */
  private Composed merge(ObjectNode into, SourceNode.Mapping.Builder entries, int depth) {
    path.add(MERGE);
    try {
      if (currentKind != Kind.SEQUENCE_START || events.anchor() != null) {
        Composed source = compose(depth + 1);
        mergeOne(into, entries, source);
        return source;
      }
      Position at = events.at();
      long size = 1;
      int height = 0;
      while (advance() != Kind.SEQUENCE_END) {
        Composed source = compose(depth + 2);
        mergeOne(into, entries, source);
        size += source.source().size;
        height = Math.max(height, source.height());
      }
      // The list of merged mappings is no node of the tree; this one only carries its size and height.
      return new Composed(F.arrayNode(), new SourceNode.Sequence(at, new SourceNode[0], size), height + 1);
    } finally {
      path.remove(path.size() - 1);
    }
  }

  private static void mergeOne(ObjectNode into, SourceNode.Mapping.Builder entries, Composed source) {
    if (!(source.json() instanceof ObjectNode merged)) {
      return;
    }
    merged.properties().forEach(e -> {
      if (!into.has(e.getKey())) {
        into.set(e.getKey(), e.getValue());
      }
    });
    entries.merge(source.source());
  }

  private String beginCollection(int depth, Position at) {
    if (depth > limits.maxDepth()) {
      throw new ReadProblem(at, "document is nested deeper than " + limits.maxDepth() + " levels");
    }
    count(1, 0, at);
    String anchor = events.anchor();
    if (anchor != null) {
      defining.add(anchor);
    }
    return anchor;
  }

  private Composed endCollection(String anchor, Composed collection) {
    if (anchor != null) {
      defining.remove(anchor);
      anchors.put(anchor, collection);
    }
    return collection;
  }

  private void anchor(String name, Composed node) {
    if (name != null) {
      anchors.put(name, node);
    }
  }

  /**
   * Counts {@code expanded} more nodes, {@code throughAliases} of them from an alias: an object may
   * not expand beyond {@link ReaderLimits#maxNodes}, and a document not beyond what go-yaml allows.
   */
  private void count(long expanded, long throughAliases, Position at) {
    nodes += expanded;
    decoded += expanded;
    aliased += throughAliases;
    if (nodes > limits.maxNodes()) {
      throw new ReadProblem(at, "document expands to more than " + limits.maxNodes() + " nodes (aliases included)");
    }
    if (aliased > ALIASING_MIN_ALIASED && decoded > ALIASING_MIN_NODES && (double) aliased / decoded > allowedAliasRatio(decoded)) {
      throw new ReadProblem(at, "excessive aliasing: " + (throughAliases > 0 ? "this alias expands" : "aliases expand")
          + " the document to " + decoded + " nodes, " + aliased + " of them through aliases, more than kubectl's"
          + " YAML reader accepts");
    }
  }

  /** go-yaml's: 99% of a document's nodes may come from aliases up to 400,000 nodes, falling to 10% at 4,000,000. */
  private static double allowedAliasRatio(long decoded) {
    if (decoded <= ALIAS_RATIO_LOW) {
      return 0.99;
    }
    if (decoded >= ALIAS_RATIO_HIGH) {
      return 0.10;
    }
    return 0.99 - 0.89 * ((double) (decoded - ALIAS_RATIO_LOW) / (ALIAS_RATIO_HIGH - ALIAS_RATIO_LOW));
  }

  private String pointer(String lastKey) {
    return Pointers.append(Pointers.of(path.toArray()), lastKey);
  }
}
