package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.LineSuppression;
import dev.condlint.model.Position;
import dev.condlint.model.SourceMap;
import dev.condlint.model.SourceProblem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Parses one file's text into the engine's documents: one per YAML document, or one per item of a
 * {@code kind: List} (or any {@code *List} with {@code items}), each with its source map and the
 * comment suppressions that fall inside it. Empty documents are skipped; anything that is not a
 * Kubernetes object (a mapping) is a problem.
 */
public final class YamlDocuments {

  /** What one text gave: its documents, in source order, and what could not be read, by line. */
  public record Loaded(List<Document> documents, List<SourceProblem> problems) {}

  /** An object before its suppressions are known: its tree, its source and where it starts. */
  private record Pending(JsonNode object, SourceMap source, int startLine) {}

  private static final String ITEMS = "/items/";

  private YamlDocuments() {}

  /**
   * Every YAML document of a text as it was written, an empty one included, with its source map: what
   * a front end reads when the text is not a set of Kubernetes objects (a configuration file).
   */
  public static Loaded documents(String name, String text) {
    ParsedFile file = new YamlReader().read(name, text);
    return new Loaded(file.documents().stream().map(ParsedDocument::document).toList(), file.problems());
  }

  /** The Kubernetes objects of a text, to lint. */
  public static Loaded load(String name, String text) {
    ParsedFile file = new YamlReader(ReaderLimits.DEFAULT, CommentSuppressions.mayHold(text)).read(name, text);
    List<Pending> pending = new ArrayList<>();
    List<SourceProblem> problems = new ArrayList<>();
    for (ParsedDocument parsed : file.documents()) {
      JsonNode root = parsed.root();
      if (root == null || root.isNull() || root.isMissingNode()) {
        continue;
      }
      Position start = parsed.position("").orElse(new Position(parsed.firstLine(), 1));
      if (!root.isObject()) {
        problems.add(notAnObject(start, root, "document"));
      } else if (isList(root)) {
        expandList(parsed, problems, pending);
      } else {
        pending.add(new Pending(root, parsed.sourceMap(), start.line()));
      }
    }
    problems.addAll(file.problems());
    problems.sort(Comparator.comparingInt((SourceProblem p) -> p.at().line()));
    List<LineSuppression> suppressions = CommentSuppressions.from(file.comments(), text);
    return new Loaded(withSuppressions(pending, suppressions), problems);
  }

  private static boolean isList(JsonNode root) {
    return root.path("kind").asText("").endsWith("List") && root.path("items").isArray();
  }

  private static void expandList(ParsedDocument parsed, List<SourceProblem> problems, List<Pending> out) {
    JsonNode items = parsed.root().path("items");
    for (int i = 0; i < items.size(); i++) {
      Position start = parsed.position(ITEMS + i).orElse(new Position(parsed.firstLine(), 1));
      JsonNode item = items.get(i);
      if (!item.isObject()) {
        problems.add(notAnObject(start, item, "list item"));
        continue;
      }
      out.add(new Pending(item, parsed.sourceMap(ITEMS + i), start.line()));
    }
  }

  private static SourceProblem notAnObject(Position at, JsonNode node, String what) {
    String found = node.isArray() ? "a sequence" : "a scalar (" + node + ")";
    return new SourceProblem(at, what + " is not a Kubernetes object: expected a mapping, found " + found);
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
