package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.Position;
import dev.condlint.model.SourceMap;
import dev.condlint.model.SourceProblem;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses one file's text into the engine's documents: one per Kubernetes object, each with its source
 * map and the comment suppressions that fall inside it. An object is a mapping with an
 * {@code apiVersion} and a {@code kind}, as kubectl requires; the items of a {@code kind: List} (or
 * any {@code *List} with {@code items}) are objects of their own. A document or item that is no
 * object (an Ansible playbook, a Helm values file) is skipped and counted; an empty one is not counted.
 *
 * <p>{@link #objects} hands the objects on as they are read, a List's items one at a time, so that
 * a large file is never held whole: only its text and an object or two.
 */
public final class YamlDocuments {

  /**
   * What one text gave: its documents, in source order, what could not be read, by line, and how many
   * documents (or List items) were skipped as no Kubernetes object.
   */
  public record Loaded(List<Document> documents, List<SourceProblem> problems, int skipped) {}

  /** What reading a text object by object gave besides its objects. */
  public record Read(List<SourceProblem> problems, int skipped) {}

  /** Where {@link #objects} hands a text's objects, in source order. */
  public interface ObjectSink {
    void accept(Document object);

    /**
     * Forgets every object handed on so far: the text is read again from its start, each document
     * whole. It happens when a document whose items went out one at a time turns out to be no List
     * (its kind, written after its items, names none), which a real List never does.
     */
    void restart();

    /** A sink that keeps every object in {@code objects}. */
    static ObjectSink into(List<Document> objects) {
      return new ObjectSink() {
        @Override
        public void accept(Document object) {
          objects.add(object);
        }

        @Override
        public void restart() {
          objects.clear();
        }
      };
    }
  }

  private static final String ITEMS = "/items/";

  private YamlDocuments() {}

  /**
   * Every YAML document of a text as it was written, an empty one included, with its source map: what
   * a front end reads when the text is not a set of Kubernetes objects (a configuration file).
   */
  public static Loaded documents(String name, String text) {
    ParsedFile file = new YamlReader().read(name, text);
    return new Loaded(file.documents().stream().map(ParsedDocument::document).toList(), file.problems(), 0);
  }

  /** The Kubernetes objects of a text, held together (for a small text; {@link #objects} for any). */
  public static Loaded load(String name, String text) {
    List<Document> documents = new ArrayList<>();
    Read read = objects(name, text, ObjectSink.into(documents));
    return new Loaded(documents, read.problems(), read.skipped());
  }

  /** Hands the Kubernetes objects of a text to {@code sink} as they are read, a List's items one at a time. */
  public static Read objects(String name, String text, ObjectSink sink) {
    try {
      return read(name, text, sink, true);
    } catch (TreeComposer.NotAList e) {
      sink.restart();
      return read(name, text, sink, false);
    }
  }

  private static Read read(String name, String text, ObjectSink sink, boolean itemByItem) {
    YamlReader.Reading reading = new YamlReader(ReaderLimits.DEFAULT, CommentSuppressions.mayHold(text)).open(name, text);
    ObjectStream objects = new ObjectStream(sink, reading.comments(), reading.lines());
    int[] skipped = {0};
    TreeComposer.ListItems items = !itemByItem ? null : new TreeComposer.ListItems() {
      @Override
      public boolean mayBeList(JsonNode kindSoFar) {
        return kindSoFar.isMissingNode() || isListKind(kindSoFar);
      }

      @Override
      public boolean isList(JsonNode root) {
        return YamlDocuments.isList(root);
      }

      @Override
      public void item(ParsedDocument item) {
        skipped[0] += add(item.root(), item.sourceMap(), item.firstLine(), objects);
      }
    };
    List<SourceProblem> problems = List.of();
    try {
      for (ParsedDocument parsed = reading.next(items); parsed != null; parsed = reading.next(items)) {
        skipped[0] += document(parsed, objects);
      }
    } catch (ReadProblem e) {
      problems = List.of(e.problem());
    }
    objects.end();
    return new Read(problems, skipped[0]);
  }

  /** Adds a document's objects; returns how many documents or items it skipped. */
  private static int document(ParsedDocument parsed, ObjectStream objects) {
    JsonNode root = parsed.root();
    if (root == null || root.isNull() || root.isMissingNode()) {
      return 0;
    }
    if (!isList(root)) {
      Position start = parsed.position("").orElse(new Position(parsed.firstLine(), 1));
      return add(root, parsed.sourceMap(), start.line(), objects);
    }
    // Items still in the tree: those of a List read whole.
    JsonNode items = root.path("items");
    int skipped = 0;
    for (int i = 0; i < items.size(); i++) {
      Position start = parsed.position(ITEMS + i).orElse(new Position(parsed.firstLine(), 1));
      skipped += add(items.get(i), parsed.sourceMap(ITEMS + i), start.line(), objects);
    }
    return skipped;
  }

  /** Adds a node if it is an object; returns 1 when it is skipped. */
  private static int add(JsonNode node, SourceMap source, int startLine, ObjectStream objects) {
    if (!isObject(node)) {
      return 1;
    }
    objects.add(node, source, startLine);
    return 0;
  }

  /** Whether a node is a Kubernetes object: a mapping with an apiVersion and a kind, as kubectl requires. */
  public static boolean isObject(JsonNode node) {
    return node.isObject() && named(node.path("apiVersion")) && named(node.path("kind"));
  }

  private static boolean named(JsonNode value) {
    return value.isTextual() && !value.asText().isEmpty();
  }

  private static boolean isList(JsonNode root) {
    return isObject(root) && isListKind(root.path("kind")) && root.path("items").isArray();
  }

  private static boolean isListKind(JsonNode kind) {
    return kind.isTextual() && kind.asText().endsWith("List");
  }
}
