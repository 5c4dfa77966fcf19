package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.Pointers;
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
  /** How deep below a document's root nested objects are looked for; a test table is a few levels deep. */
  static final int NESTED_DEPTH = 32;

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
    return objects(name, text, sink, false);
  }

  /**
   * Hands the Kubernetes objects of a text to {@code sink}; with {@code nested}, also the objects nested
   * in its documents ({@link #nestedObjects}), each after the document's own, with its pointer in the
   * document as {@link Document#at()} and its own positions.
   */
  public static Read objects(String name, String text, ObjectSink sink, boolean nested) {
    try {
      return read(name, text, sink, true, nested);
    } catch (TreeComposer.NotAList e) {
      sink.restart();
      return read(name, text, sink, false, nested);
    }
  }

  private static Read read(String name, String text, ObjectSink sink, boolean itemByItem, boolean nested) {
    boolean comments = CommentSuppressions.mayHold(text) || Elisions.mayHold(text);
    YamlReader.Reading reading = new YamlReader(ReaderLimits.DEFAULT, comments).open(name, text);
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
        skipped[0] += document(parsed, objects, nested);
      }
    } catch (ReadProblem e) {
      problems = List.of(e.problem());
    }
    objects.end();
    return new Read(problems, skipped[0]);
  }

  /** Adds a document's objects; returns how many documents or items it skipped. */
  private static int document(ParsedDocument parsed, ObjectStream objects, boolean nested) {
    JsonNode root = parsed.root();
    if (root == null || root.isNull() || root.isMissingNode()) {
      return 0;
    }
    if (!isList(root)) {
      Position start = parsed.position("").orElse(new Position(parsed.firstLine(), 1));
      int skipped = add(root, parsed.sourceMap(), start.line(), objects);
      if (!nested) {
        return skipped;
      }
      List<String> found = nestedObjects(root);
      for (String at : found) {
        Position from = parsed.position(at).orElse(start);
        objects.add(root.at(at), parsed.sourceMap(at), from.line(), at);
      }
      // A wrapper that holds objects is no document skipped.
      return found.isEmpty() ? skipped : 0;
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

  /**
   * The pointers of the objects nested in a document, in document order: every mapping below its root
   * (not the root itself) with a string {@code apiVersion} and {@code kind} and a mapping
   * {@code metadata}, at any depth up to {@value #NESTED_DEPTH}, inside another nested object too (an
   * AdmissionReview's {@code request.object}); a List's items are not looked into, as they are objects
   * of their own.
   */
  public static List<String> nestedObjects(JsonNode root) {
    List<String> out = new ArrayList<>();
    if (!isList(root)) {
      nested(root, "", 0, out);
    }
    return out;
  }

  private static void nested(JsonNode node, String pointer, int depth, List<String> out) {
    if (depth >= NESTED_DEPTH) {
      return;
    }
    if (node.isObject()) {
      for (var e : node.properties()) {
        visit(e.getValue(), Pointers.append(pointer, e.getKey()), depth, out);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        visit(node.get(i), Pointers.append(pointer, i), depth, out);
      }
    }
  }

  private static void visit(JsonNode child, String at, int depth, List<String> out) {
    if (isObject(child) && child.path("metadata").isObject()) {
      out.add(at);
    }
    nested(child, at, depth + 1, out);
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
