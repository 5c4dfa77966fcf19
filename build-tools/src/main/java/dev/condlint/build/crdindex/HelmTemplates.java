package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a CRD manifest that a Helm chart keeps as a template (Go template actions in {@code {{ }}}),
 * without rendering it: condlint knows none of the chart's values, so it reads only what the template
 * states whatever they are, and reads less where a value would decide.
 *
 * <ol>
 *   <li>{@link #strip}: a line that holds nothing but control actions ({@code if}, {@code end},
 *       {@code with}, {@code range}, a variable's assignment, a comment) is dropped, so the branches
 *       they guard are all read; a line that holds nothing but an action that writes text
 *       ({@code include}, {@code toYaml}, {@code .Values...}) becomes the mapping line
 *       {@code PLACEHOLDER: PLACEHOLDER} at its indentation, and an action within a line becomes
 *       {@link #PLACEHOLDER}, so that where the text would go is marked. A document with an
 *       {@code else} (two branches that exclude each other would both be read), a {@code define} or an
 *       action that spans lines is not read. Lines keep their numbers.</li>
 *   <li>{@link #identityTemplated}: a CRD whose group, names or version names hold the mark is not read.</li>
 *   <li>{@link #schemaWithoutTemplates}: in a version's schema, a keyword whose value holds the mark
 *       ({@code enum}, {@code default}, {@code pattern}, {@code required}, ...) is dropped, so the value
 *       is unknown rather than wrong; a property or keyword whose name holds the mark (text a template
 *       writes into the schema) makes the schema unreadable.</li>
 * </ol>
 *
 * A source opts in with {@code "templates": "helm"} in {@code sources.json}; a document that is not
 * read is reported with its line and counted, never a failure of the build.
 */
final class HelmTemplates {
  /** What stands where a template action would write text: a plain YAML scalar no real manifest holds. */
  static final String PLACEHOLDER = "condlint-helm-template-expression";

  private static final Pattern ACTION = Pattern.compile("\\{\\{(.*?)\\}\\}", Pattern.DOTALL);
  private static final Pattern ACTIONS_ONLY = Pattern.compile("^\\s*(\\{\\{.*?\\}\\}\\s*)+$");
  private static final Pattern DOCUMENT_START = Pattern.compile("^---(\\s.*)?$");
  private static final Pattern CONTROL =
      Pattern.compile("^(?:if|end|with|range|break|continue)\\b|^/\\*.*\\*/$|^\\$[A-Za-z0-9_]*\\s*:?=");
  private static final Pattern REFUSED = Pattern.compile("^(else|define|block|template)\\b");
  /** Schema keywords whose value is a map of schemas, by name. */
  private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "definitions");
  /** Schema keywords whose value is a schema, or an array of schemas. */
  private static final List<String> SCHEMAS = List.of("items", "additionalProperties", "additionalItems", "not",
      "allOf", "anyOf", "oneOf");

  private HelmTemplates() {}

  /** A document of the template that is not read: the line (1-based) of the action that refused it, and why. */
  record Refused(int line, String why) {}

  /** The template's text as YAML with the same line numbers, and the documents left out of it (blank). */
  record Stripped(String yaml, List<Refused> refused) {}

  static Stripped strip(String template) {
    // A comment may span lines: it says nothing, so it becomes blank lines.
    String[] lines = blankComments(template).split("\n", -1);
    List<Refused> refused = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    int start = 0;
    for (int i = 0; i <= lines.length; i++) {
      if (i == lines.length || (i > start && DOCUMENT_START.matcher(lines[i]).matches())) {
        List<String> document = new ArrayList<>();
        Optional<String> why = Optional.empty();
        int at = start;
        for (int j = start; j < i && why.isEmpty(); j++) {
          Line line = line(lines[j]);
          why = line.refused();
          at = j;
          document.add(line.yaml());
        }
        if (why.isPresent()) {
          refused.add(new Refused(at + 1, why.get()));
          for (int j = start; j < i; j++) {
            out.append(j == start && DOCUMENT_START.matcher(lines[j]).matches() ? lines[j] : "").append('\n');
          }
        } else {
          document.forEach(l -> out.append(l).append('\n'));
        }
        start = i;
      }
    }
    out.setLength(Math.max(0, out.length() - 1));
    return new Stripped(out.toString(), refused);
  }

  private record Line(String yaml, Optional<String> refused) {}

  private static Line line(String line) {
    if (ACTIONS_ONLY.matcher(line).matches()) {
      boolean writes = false;
      Matcher action = ACTION.matcher(line);
      while (action.find()) {
        String body = body(action.group(1));
        if (REFUSED.matcher(body).find()) {
          return new Line("", Optional.of("a template action '" + body.split("\\s+")[0]
              + "' (its branches or blocks cannot all be read as one document)"));
        }
        writes |= !CONTROL.matcher(body).find();
      }
      if (!writes) {
        return new Line("", Optional.empty());
      }
      String indent = line.substring(0, line.length() - line.stripLeading().length());
      return new Line(indent + PLACEHOLDER + ": " + PLACEHOLDER, Optional.empty());
    }
    String yaml = ACTION.matcher(line).replaceAll(PLACEHOLDER);
    // What is left of an action that ends on a later line (a closing "}}" alone is YAML's: nested flow mappings).
    if (yaml.contains("{{")) {
      return new Line("", Optional.of("a template action across lines"));
    }
    return new Line(yaml, Optional.empty());
  }

  /** An action's text without its trim markers ({@code {{- ... -}}}) and surrounding blanks. */
  private static String body(String action) {
    String body = action.strip();
    if (body.startsWith("-")) {
      body = body.substring(1).strip();
    }
    if (body.endsWith("-")) {
      body = body.substring(0, body.length() - 1).strip();
    }
    return body;
  }

  private static String blankComments(String text) {
    Matcher comment = Pattern.compile("\\{\\{-?\\s*/\\*.*?\\*/\\s*-?\\}\\}", Pattern.DOTALL).matcher(text);
    StringBuilder out = new StringBuilder();
    while (comment.find()) {
      String newlines = comment.group().replaceAll("[^\n]", "");
      comment.appendReplacement(out, newlines.isEmpty() ? "{{/* */}}" : Matcher.quoteReplacement(newlines));
    }
    comment.appendTail(out);
    return out.toString();
  }

  /** Whether the CRD's group, names or any version's name holds a template expression. */
  static boolean identityTemplated(JsonNode crd) {
    JsonNode spec = crd.path("spec");
    if (marked(spec.path("group")) || marked(spec.path("names")) || marked(spec.path("version"))) {
      return true;
    }
    for (JsonNode version : spec.path("versions")) {
      if (marked(version.path("name"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The schema less each keyword whose value holds a template expression; empty where a property's or
   * keyword's name holds one (the template writes the schema itself there).
   */
  static Optional<JsonNode> schemaWithoutTemplates(JsonNode schema) {
    if (!schema.isObject()) {
      return Optional.of(schema);
    }
    ObjectNode out = schema.deepCopy();
    for (Iterator<Map.Entry<String, JsonNode>> fields = schema.fields(); fields.hasNext();) {
      Map.Entry<String, JsonNode> field = fields.next();
      String keyword = field.getKey();
      JsonNode value = field.getValue();
      if (keyword.contains(PLACEHOLDER)) {
        return Optional.empty();
      }
      if (SCHEMA_MAPS.contains(keyword) && value.isObject()) {
        ObjectNode schemas = out.putObject(keyword);
        for (Iterator<Map.Entry<String, JsonNode>> named = value.fields(); named.hasNext();) {
          Map.Entry<String, JsonNode> property = named.next();
          Optional<JsonNode> clean = property.getKey().contains(PLACEHOLDER)
              ? Optional.empty() : schemaWithoutTemplates(property.getValue());
          if (clean.isEmpty()) {
            return Optional.empty();
          }
          schemas.set(property.getKey(), clean.get());
        }
      } else if (SCHEMAS.contains(keyword) && value.isArray()) {
        ArrayNode schemas = out.putArray(keyword);
        for (JsonNode item : value) {
          Optional<JsonNode> clean = schemaWithoutTemplates(item);
          if (clean.isEmpty()) {
            return Optional.empty();
          }
          schemas.add(clean.get());
        }
      } else if (SCHEMAS.contains(keyword) && value.isObject()) {
        Optional<JsonNode> clean = schemaWithoutTemplates(value);
        if (clean.isEmpty()) {
          return Optional.empty();
        }
        out.set(keyword, clean.get());
      } else if (marked(value)) {
        out.remove(keyword);
      }
    }
    return Optional.of(out);
  }

  /** The version's printer columns less those that hold a template expression. */
  static JsonNode columnsWithoutTemplates(JsonNode columns) {
    if (!columns.isArray()) {
      return columns;
    }
    ArrayNode out = ((ArrayNode) columns).arrayNode();
    columns.forEach(c -> {
      if (!marked(c)) {
        out.add(c);
      }
    });
    return out;
  }

  /** Whether a template expression stands anywhere in the node, in a key or in a value. */
  static boolean marked(JsonNode node) {
    if (node.isTextual()) {
      return node.asText().contains(PLACEHOLDER);
    }
    for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
      Map.Entry<String, JsonNode> field = fields.next();
      if (field.getKey().contains(PLACEHOLDER) || marked(field.getValue())) {
        return true;
      }
    }
    if (node.isArray()) {
      for (JsonNode item : node) {
        if (marked(item)) {
          return true;
        }
      }
    }
    return false;
  }
}
