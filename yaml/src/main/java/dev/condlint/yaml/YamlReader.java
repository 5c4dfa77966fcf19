package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.Position;
import dev.condlint.model.SourceProblem;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.comments.CommentLine;
import org.snakeyaml.engine.v2.comments.CommentType;
import org.snakeyaml.engine.v2.events.CollectionEndEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.FailsafeSchema;

/**
 * Reads YAML (and JSON, a subset of it) into Jackson trees that remember where every node stood.
 * snakeyaml-engine composes the nodes with their marks; this class converts them, resolving plain
 * scalars the YAML 1.1 way kubectl does, recording duplicate keys instead of dropping them, and
 * enforcing {@link ReaderLimits}. Each document keeps its composed nodes, which answer where a pointer
 * stands when a finding asks ({@link NodeLocator}). Thread-safe: each call builds its own state.
 */
public final class YamlReader {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final Position START = new Position(1, 1);
  private static final Set<Tag> IMPLICIT_TAGS = Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL);

  private final ReaderLimits limits;
  private final boolean collectComments;

  /**
   * A reader that collects comments or not: collecting them slows the scanner down, and a caller that
   * knows a text holds no comment it wants (a rendered manifest often has one on top) spares it.
   */
  public YamlReader(ReaderLimits limits, boolean collectComments) {
    this.limits = limits;
    this.collectComments = collectComments;
  }

  /** A reader that collects every comment. */
  public YamlReader(ReaderLimits limits) {
    this(limits, true);
  }

  public YamlReader() {
    this(ReaderLimits.DEFAULT);
  }

  /** Reads every document of a text; never throws for bad input, which becomes a {@link SourceProblem}. */
  public ParsedFile read(String name, String text) {
    List<ParsedDocument> documents = new ArrayList<>();
    List<Comment> comments = new ArrayList<>();
    List<SourceProblem> problems = new ArrayList<>();
    if (text.codePointCount(0, text.length()) > limits.maxCodePoints()) {
      problems.add(new SourceProblem(START, "file is larger than " + limits.maxCodePoints() + " characters"));
      return new ParsedFile(documents, comments, problems);
    }
    boolean withComments = collectComments && text.indexOf('#') >= 0;
    LoadSettings settings =
        LoadSettings.builder()
            .setLabel(name)
            .setParseComments(withComments)
            .setAllowDuplicateKeys(true)
            .setAllowRecursiveKeys(false)
            .setMaxAliasesForCollections(limits.maxAliases())
            .setCodePointLimit(limits.maxCodePoints())
            // Plain scalars are resolved here the YAML 1.1 way (Yaml11Scalars); the failsafe schema
            // keeps snakeyaml-engine from first running its YAML 1.2 regexes on each of them.
            .setSchema(new FailsafeSchema())
            .build();
    Iterator<Node> nodes = new Compose(settings).composeAllFromString(text).iterator();
    try {
      while (nodes.hasNext()) {
        Node node = nodes.next();
        Converter converter = new Converter(withComments ? comments : null, text);
        JsonNode root = converter.convert(node, 0);
        documents.add(
            new ParsedDocument(
                root,
                new NodeLocator(node),
                converter.duplicates,
                line(node.getStartMark())));
      }
    } catch (MarkedYamlEngineException e) {
      problems.add(new SourceProblem(position(e.getProblemMark().or(e::getContextMark)), describe(e)));
    } catch (LimitExceeded e) {
      problems.add(new SourceProblem(e.at, e.getMessage()));
    } catch (YamlEngineException e) {
      problems.add(new SourceProblem(START, oneLine(e.getMessage())));
    } catch (StackOverflowError e) {
      // snakeyaml-engine composes nested nodes recursively; find where the nesting went too deep.
      problems.add(tooDeep(text, settings));
    }
    comments.sort((a, b) -> a.at().line() != b.at().line()
        ? Integer.compare(a.at().line(), b.at().line())
        : Integer.compare(a.at().column(), b.at().column()));
    return new ParsedFile(documents, List.copyOf(comments), problems);
  }

  /**
   * Where a text's nesting first goes deeper than the limit (or, if the stack ran out before that,
   * where it is deepest), found by counting the parser's events, which do not recurse.
   */
  private SourceProblem tooDeep(String text, LoadSettings settings) {
    int depth = 0;
    int deepest = -1;
    Optional<Mark> at = Optional.empty();
    try {
      for (Event event : new Parse(settings).parseString(text)) {
        if (event instanceof CollectionStartEvent) {
          depth++;
          if (depth > deepest) {
            deepest = depth;
            if (event.getStartMark().isPresent()) {
              at = event.getStartMark();
            }
          }
          if (depth > limits.maxDepth()) {
            break;
          }
        } else if (event instanceof CollectionEndEvent) {
          depth--;
        }
      }
    } catch (YamlEngineException e) {
      // The nesting found before a syntax error is still where the document went too deep.
    }
    String message = deepest > limits.maxDepth()
        ? "document is nested deeper than " + limits.maxDepth() + " levels"
        : "document is nested too deeply";
    return new SourceProblem(position(at), message);
  }

  private static String describe(MarkedYamlEngineException e) {
    String problem = e.getProblem();
    String context = e.getContext();
    String text = problem == null ? oneLine(e.getMessage()) : problem;
    if (context != null && !context.isBlank()) {
      text = context + ": " + text;
    }
    return oneLine(text);
  }

  private static String oneLine(String s) {
    if (s == null) {
      return "invalid YAML";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }

  private static int line(Optional<Mark> mark) {
    return mark.map(m -> m.getLine() + 1).orElse(1);
  }

  static Position position(Node node) {
    return position(node.getStartMark());
  }

  /** A snakeyaml mark (0-based) as a position (1-based); the start of the text when there is none. */
  private static Position position(Optional<Mark> mark) {
    return mark.map(m -> new Position(m.getLine() + 1, m.getColumn() + 1)).orElse(START);
  }

  /** A document that breaks a limit; carries where it happened. */
  private static final class LimitExceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Position at;

    LimitExceeded(String message, Position at) {
      super(message, null, false, false);
      this.at = at;
    }
  }

  /** Whether a scalar was written plain and so resolved by the reader, not quoted or tagged. */
  static boolean isImplicit(ScalarNode scalar) {
    return scalar.isPlain() && scalar.isResolved() && IMPLICIT_TAGS.contains(scalar.getTag());
  }

  static boolean isMergeKey(Node key) {
    return key instanceof ScalarNode s && s.isPlain() && "<<".equals(s.getValue());
  }

  /** A mapping key as the converted tree holds it; {@code null} for a key that is not a scalar. */
  static String keyText(Node key) {
    if (!(key instanceof ScalarNode s)) {
      return null;
    }
    if (!(s.isPlain() && s.isResolved())) {
      return s.getValue();
    }
    JsonNode resolved = Yaml11Scalars.resolve(s.getValue());
    return resolved.isTextual() ? resolved.asText() : resolved.toString();
  }

  /** Converts one composed document; collects its duplicate keys and comments. */
  private final class Converter {
    final List<DuplicateKeySource> duplicates = new ArrayList<>();
    /** Where comments go; {@code null} when none were collected. */
    final List<Comment> comments;
    final String text;
    final Map<Node, Boolean> commentsSeen = new IdentityHashMap<>();
    /** The keys and indexes from the root to the node being converted; a pointer is built from it only for a duplicate key. */
    final List<Object> path = new ArrayList<>();
    int nodes;

    Converter(List<Comment> comments, String text) {
      this.comments = comments;
      this.text = text;
    }

    JsonNode convert(Node node, int depth) {
      if (++nodes > limits.maxNodes()) {
        throw new LimitExceeded(
            "document expands to more than " + limits.maxNodes() + " nodes (aliases included)", position(node));
      }
      if (depth > limits.maxDepth()) {
        throw new LimitExceeded("document is nested deeper than " + limits.maxDepth() + " levels", position(node));
      }
      collectComments(node);
      if (node instanceof ScalarNode scalar) {
        return scalar(scalar);
      }
      if (node instanceof SequenceNode seq) {
        List<Node> items = seq.getValue();
        ArrayNode array = F.arrayNode(items.size());
        for (int i = 0; i < items.size(); i++) {
          path.add(i);
          array.add(convert(items.get(i), depth + 1));
          path.remove(path.size() - 1);
        }
        return array;
      }
      MappingNode map = (MappingNode) node;
      ObjectNode object = F.objectNode();
      List<NodeTuple> tuples = map.getValue();
      for (int i = 0; i < tuples.size(); i++) {
        NodeTuple tuple = tuples.get(i);
        Node keyNode = tuple.getKeyNode();
        collectComments(keyNode);
        if (isMergeKey(keyNode)) {
          merge(object, tuple.getValueNode(), depth);
          continue;
        }
        String key = keyText(keyNode);
        if (key == null) {
          throw new LimitExceeded("mapping keys must be scalars", position(keyNode));
        }
        path.add(key);
        JsonNode before = object.replace(key, convert(tuple.getValueNode(), depth + 1));
        if (before != null) {
          recordIfDuplicate(tuples, i, key);
        }
        path.remove(path.size() - 1);
      }
      return object;
    }

    /**
     * A key already in the object is a duplicate only when written before in this same mapping; a
     * merged ({@code <<}) value that an explicit key overrides is how merging is meant to work.
     */
    private void recordIfDuplicate(List<NodeTuple> tuples, int at, String key) {
      for (int i = 0; i < at; i++) {
        Node earlier = tuples.get(i).getKeyNode();
        if (!isMergeKey(earlier) && key.equals(keyText(earlier))) {
          duplicates.add(new DuplicateKeySource(pointer(), key, position(tuples.get(at).getKeyNode()), position(earlier)));
          return;
        }
      }
    }

    private JsonNode scalar(ScalarNode scalar) {
      String value = scalar.getValue();
      if (isImplicit(scalar)) {
        return Yaml11Scalars.resolve(value);
      }
      Tag tag = scalar.getTag();
      if (!scalar.isResolved() && !Tag.STR.equals(tag)) {
        // An explicit tag such as !!int or !!bool: honour it as go-yaml would.
        JsonNode resolved = Yaml11Scalars.resolve(value);
        if ((Tag.INT.equals(tag) || Tag.FLOAT.equals(tag)) && resolved.isNumber()
            || Tag.BOOL.equals(tag) && resolved.isBoolean()
            || Tag.NULL.equals(tag) && resolved.isNull()) {
          return resolved;
        }
      }
      return F.textNode(value);
    }

    private String pointer() {
      StringBuilder pointer = new StringBuilder();
      for (Object segment : path) {
        pointer.append('/').append(segment.toString().replace("~", "~0").replace("/", "~1"));
      }
      return pointer.toString();
    }

    private void merge(ObjectNode into, Node value, int depth) {
      List<Node> sources = value instanceof SequenceNode seq ? seq.getValue() : List.of(value);
      path.add("<<");
      for (Node source : sources) {
        JsonNode converted = convert(source, depth + 1);
        if (converted instanceof ObjectNode obj) {
          obj.fields().forEachRemaining(e -> {
            if (!into.has(e.getKey())) {
              into.set(e.getKey(), e.getValue());
            }
          });
        }
      }
      path.remove(path.size() - 1);
    }

    private void collectComments(Node node) {
      if (comments == null) {
        return;
      }
      // Most nodes carry no comment; only those that do are remembered, so an alias is read once.
      if (isEmpty(node.getBlockComments()) && isEmpty(node.getInLineComments()) && isEmpty(node.getEndComments())
          || commentsSeen.put(node, Boolean.TRUE) != null) {
        return;
      }
      add(node.getBlockComments());
      add(node.getInLineComments());
      add(node.getEndComments());
    }

    private boolean isEmpty(List<CommentLine> lines) {
      return lines == null || lines.isEmpty();
    }

    private void add(List<CommentLine> lines) {
      if (lines == null) {
        return;
      }
      for (CommentLine c : lines) {
        if (c.getCommentType() == CommentType.BLANK_LINE || c.getStartMark().isEmpty()) {
          continue;
        }
        Mark m = c.getStartMark().get();
        Position at = position(c.getStartMark());
        comments.add(new Comment(at, c.getValue(), c.getCommentType() == CommentType.IN_LINE || codeBefore(m)));
      }
    }

    private boolean codeBefore(Mark m) {
      int index = m.getIndex();
      for (int i = Math.min(index, text.length()) - 1; i >= 0 && text.charAt(i) != '\n'; i--) {
        if (!Character.isWhitespace(text.charAt(i))) {
          return true;
        }
      }
      return false;
    }
  }
}
