package dev.condlint.rules.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.yaml.YamlDocuments;
import java.util.List;

/** Reads YAML test fixtures as the file linter does: into engine documents with their source maps. */
public final class YamlFixtures {
  private YamlFixtures() {}

  /** Every object of a YAML text; fails the test on a problem. */
  public static List<Document> documents(String name, String yaml) {
    YamlDocuments.Loaded loaded = YamlDocuments.load(name, yaml);
    if (!loaded.problems().isEmpty()) {
      throw new AssertionError(name + ": " + loaded.problems());
    }
    return loaded.documents();
  }

  /** The tree of the only document of a YAML text, object or not (a schema, a fragment of an object). */
  public static JsonNode tree(String yaml) {
    YamlDocuments.Loaded loaded = YamlDocuments.documents("fixture.yaml", yaml);
    if (!loaded.problems().isEmpty() || loaded.documents().size() != 1) {
      throw new AssertionError("not one YAML document: " + loaded.problems());
    }
    return loaded.documents().get(0).object();
  }

  /** The only object of a YAML text. */
  public static Document document(String yaml) {
    List<Document> docs = documents("fixture.yaml", yaml);
    if (docs.size() != 1) {
      throw new AssertionError("expected one document, got " + docs.size());
    }
    return docs.get(0);
  }

  /**
   * The custom resource Database "orders" (example.com/v1) whose {@code status.conditions} holds these
   * block-style items, indented by two spaces; the first item starts on line 7.
   */
  public static String databaseWithConditions(String conditionItems) {
    return """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
        status:
          conditions:
        """ + conditionItems;
  }
}
