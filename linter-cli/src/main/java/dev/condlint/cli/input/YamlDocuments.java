package dev.condlint.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.LineSuppression;
import dev.condlint.model.Position;
import dev.condlint.model.SourceMap;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.ReaderLimits;
import dev.condlint.yaml.YamlProblem;
import dev.condlint.yaml.YamlReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Parses one file's text into the engine's documents: one per YAML document, or one per item of a
 * {@code kind: List} (or any {@code *List} with {@code items}), each with its source map and the
 * comment suppressions that fall inside it. Empty documents are skipped; anything that is not a
 * Kubernetes object (a mapping) is an {@link InputError}.
 */
public final class YamlDocuments {

  /** What one file gave: the objects to lint, in source order, and what could not be read. */
  public record Loaded(List<Document> documents, List<InputError> errors) {}

  /** An object before its suppressions are known: its tree, its source and where it starts. */
  private record Pending(JsonNode object, SourceMap source, int startLine) {}

  /** Below this many nodes a document is never suspected of alias expansion. */
  private static final int MIN_NODE_LIMIT = 10_000;
  private static final String ITEMS = "/items/";

  private YamlDocuments() {}

  /**
   * A reader whose node limit grows with the text: without aliases a document holds fewer nodes
   * than characters, so a small file that expands to many more (a billion-laughs file) is refused
   * after a few thousand nodes, in milliseconds, instead of after the default two million.
   */
  public static YamlReader readerFor(String text) {
    ReaderLimits d = ReaderLimits.DEFAULT;
    int nodes = Math.min(d.maxNodes(), Math.max(MIN_NODE_LIMIT, text.length()));
    return new YamlReader(
        new ReaderLimits(d.maxAliases(), nodes, d.maxDepth(), d.maxCodePoints()), CommentSuppressions.mayHold(text));
  }

  public static Loaded load(String name, String text) {
    ParsedFile file = readerFor(text).read(name, text);
    List<Pending> pending = new ArrayList<>();
    List<InputError> errors = new ArrayList<>();
    for (ParsedDocument parsed : file.documents()) {
      JsonNode root = parsed.root();
      if (root == null || root.isNull() || root.isMissingNode()) {
        continue;
      }
      Position start = parsed.position("").orElse(new Position(parsed.firstLine(), 1));
      if (!root.isObject()) {
        errors.add(notAnObject(name, start, root, "document"));
      } else if (isList(root)) {
        expandList(name, parsed, errors, pending);
      } else {
        pending.add(new Pending(root, sourceMap(parsed, ""), start.line()));
      }
    }
    for (YamlProblem p : file.problems()) {
      errors.add(InputError.at(name, p.line(), p.column(), p.message()));
    }
    errors.sort(Comparator.comparingInt((InputError e) -> e.line().orElse(0)));
    List<LineSuppression> suppressions = CommentSuppressions.from(file.comments(), text);
    return new Loaded(withSuppressions(pending, suppressions), errors);
  }

  private static boolean isList(JsonNode root) {
    return root.path("kind").asText("").endsWith("List") && root.path("items").isArray();
  }

  private static void expandList(String name, ParsedDocument parsed, List<InputError> errors, List<Pending> out) {
    JsonNode items = parsed.root().path("items");
    for (int i = 0; i < items.size(); i++) {
      Position start = parsed.position(ITEMS + i).orElse(new Position(parsed.firstLine(), 1));
      JsonNode item = items.get(i);
      if (!item.isObject()) {
        errors.add(notAnObject(name, start, item, "list item"));
        continue;
      }
      out.add(new Pending(item, sourceMap(parsed, ITEMS + i), start.line()));
    }
  }

  private static InputError notAnObject(String name, Position at, JsonNode node, String what) {
    String found = node.isArray() ? "a sequence" : "a scalar (" + node + ")";
    return InputError.at(
        name, at.line(), at.column(), what + " is not a Kubernetes object: expected a mapping, found " + found);
  }

  /**
   * The source map of the object at {@code root} in a document (a List's item at {@code /items/i}),
   * with pointers relative to that object. It asks the parsed document on demand, so nothing is copied.
   */
  private static SourceMap sourceMap(ParsedDocument parsed, String root) {
    List<DuplicateKeySource> duplicates = new ArrayList<>();
    for (DuplicateKeySource d : parsed.duplicateKeys()) {
      if (d.pointer().startsWith(root + "/")) {
        duplicates.add(new DuplicateKeySource(d.pointer().substring(root.length()), d.key(), d.at(), d.first()));
      }
    }
    return SourceMap.of(
        pointer -> parsed.position(root + pointer),
        pointer -> parsed.scalar(root + pointer),
        duplicates);
  }

  /**
   * Gives each suppression to the object that contains its target line: the last one that starts at
   * or before it (or the first, for a line before every object, so that it is still reported unused).
   */
  private static List<Document> withSuppressions(List<Pending> pending, List<LineSuppression> suppressions) {
    List<List<LineSuppression>> byObject = new ArrayList<>();
    pending.forEach(p -> byObject.add(new ArrayList<>()));
    for (LineSuppression s : suppressions) {
      int owner = 0;
      for (int i = 0; i < pending.size(); i++) {
        if (pending.get(i).startLine() <= s.targetLine()) {
          owner = i;
        }
      }
      if (!pending.isEmpty()) {
        byObject.get(owner).add(s);
      }
    }
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < pending.size(); i++) {
      Pending p = pending.get(i);
      documents.add(new Document(p.object(), p.source(), byObject.get(i)));
    }
    return documents;
  }
}
