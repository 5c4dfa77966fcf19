package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.LineSuppression;
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
 */
public final class YamlDocuments {

  /**
   * What one text gave: its documents, in source order, what could not be read, by line, and how many
   * documents (or List items) were skipped as no Kubernetes object.
   */
  public record Loaded(List<Document> documents, List<SourceProblem> problems, int skipped) {}

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
    return new Loaded(file.documents().stream().map(ParsedDocument::document).toList(), file.problems(), 0);
  }

  /** The Kubernetes objects of a text, to lint. */
  public static Loaded load(String name, String text) {
    ParsedFile file = new YamlReader(ReaderLimits.DEFAULT, CommentSuppressions.mayHold(text)).read(name, text);
    List<Pending> pending = new ArrayList<>();
    int skipped = 0;
    for (ParsedDocument parsed : file.documents()) {
      JsonNode root = parsed.root();
      if (root == null || root.isNull() || root.isMissingNode()) {
        continue;
      }
      if (isList(root)) {
        skipped += expandList(parsed, pending);
      } else if (isObject(root)) {
        Position start = parsed.position("").orElse(new Position(parsed.firstLine(), 1));
        pending.add(new Pending(root, parsed.sourceMap(), start.line()));
      } else {
        skipped++;
      }
    }
    List<LineSuppression> suppressions = CommentSuppressions.from(file.comments(), text);
    return new Loaded(withSuppressions(pending, suppressions), file.problems(), skipped);
  }

  /** Whether a node is a Kubernetes object: a mapping with an apiVersion and a kind, as kubectl requires. */
  public static boolean isObject(JsonNode node) {
    return node.isObject() && named(node.path("apiVersion")) && named(node.path("kind"));
  }

  private static boolean named(JsonNode value) {
    return value.isTextual() && !value.asText().isEmpty();
  }

  private static boolean isList(JsonNode root) {
    return isObject(root) && root.path("kind").asText().endsWith("List") && root.path("items").isArray();
  }

  /** Adds a List's items that are objects; returns how many are not. */
  private static int expandList(ParsedDocument parsed, List<Pending> out) {
    JsonNode items = parsed.root().path("items");
    int skipped = 0;
    for (int i = 0; i < items.size(); i++) {
      JsonNode item = items.get(i);
      if (!isObject(item)) {
        skipped++;
        continue;
      }
      Position start = parsed.position(ITEMS + i).orElse(new Position(parsed.firstLine(), 1));
      out.add(new Pending(item, parsed.sourceMap(ITEMS + i), start.line()));
    }
    return skipped;
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
