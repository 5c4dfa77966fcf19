package dev.condlint.cluster;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Rfc3339;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who wrote an object's fields, from its {@code metadata.managedFields}: the writer of a JSON pointer
 * is the field manager that owns the field there or, when none does (the field is missing, or not
 * recorded), its nearest owned ancestor (a list item, an atomic list, a map); else the manager that
 * last wrote the status (through the status subresource, or fields of {@code status} by an update);
 * else {@link #UNKNOWN}. Several owners of the same node: the most recent one. Ownership is that of
 * server-side apply's field sets ({@code fieldsV1}): {@code f:} fields, {@code k:} keyed list items,
 * {@code v:} set values, {@code i:} indexes, {@code .} the item itself, an empty set a whole subtree.
 */
public final class Writers {
  public static final String UNKNOWN = "unknown";

  /** One managedFields entry: its manager, when it wrote, whether it writes status, and its field set. */
  private record Entry(String manager, Instant time, boolean statusSubresource, boolean writesStatus, JsonNode fields,
      int index) {}

  /** Most recent first; an entry without a time is oldest; later entries first among equals. */
  private static final Comparator<Entry> MOST_RECENT_FIRST = Comparator.comparing(Entry::time).reversed()
      .thenComparing(Entry::statusSubresource, Comparator.reverseOrder())
      .thenComparing(Entry::index, Comparator.reverseOrder());

  private final JsonNode object;
  private final List<Entry> entries;

  private Writers(JsonNode object, List<Entry> entries) {
    this.object = object;
    this.entries = entries;
  }

  public static Writers of(JsonNode object) {
    List<Entry> entries = new ArrayList<>();
    JsonNode managed = object.path("metadata").path("managedFields");
    for (int i = 0; i < managed.size(); i++) {
      JsonNode m = managed.get(i);
      JsonNode fields = m.path("fieldsV1");
      String manager = m.path("manager").asText("");
      if (manager.isEmpty()) {
        continue;
      }
      boolean statusSubresource = "status".equals(m.path("subresource").asText());
      entries.add(new Entry(manager, Rfc3339.parse(m.path("time")).orElse(Instant.MIN), statusSubresource,
          statusSubresource || fields.has("f:status"), fields, i));
    }
    return new Writers(object, entries);
  }

  /** The writer of the node at the pointer. */
  public String writerOf(String pointer) {
    List<String> tokens = tokens(pointer);
    int deepest = 0;
    List<Entry> owners = new ArrayList<>();
    for (Entry e : entries) {
      int depth = ownedDepth(e.fields, tokens);
      if (depth > deepest) {
        deepest = depth;
        owners.clear();
      }
      if (depth == deepest && depth > 0) {
        owners.add(e);
      }
    }
    Optional<Entry> writer = owners.stream().min(MOST_RECENT_FIRST)
        .or(() -> entries.stream().filter(Entry::writesStatus).min(MOST_RECENT_FIRST));
    return writer.map(Entry::manager).orElse(UNKNOWN);
  }

  private static List<String> tokens(String pointer) {
    List<String> tokens = new ArrayList<>();
    for (JsonPointer p = JsonPointer.compile(pointer); !p.matches(); p = p.tail()) {
      tokens.add(p.getMatchingProperty());
    }
    return tokens;
  }

  /**
   * How many tokens of the path the field set owns: all of them when it owns the node or a subtree
   * that holds it, else the depth of the deepest list item ({@code .}) it owns on the way, else 0.
   */
  private int ownedDepth(JsonNode fields, List<String> tokens) {
    JsonNode set = fields;
    JsonNode value = object;
    int owned = 0;
    for (int d = 0; d < tokens.size(); d++) {
      String token = tokens.get(d);
      JsonNode child;
      if (value.isArray()) {
        value = index(token).map(value::get).orElse(null);
        child = value == null ? null : item(set, value, token);
      } else {
        child = set.get("f:" + token);
        value = value.path(token);
      }
      if (child == null || !child.isObject()) {
        return owned;
      }
      if (child.isEmpty()) {
        return tokens.size();
      }
      if (child.has(".")) {
        owned = d + 1;
      }
      if (value == null || value.isMissingNode()) {
        return owned;
      }
      set = child;
    }
    // The node itself is in the set (as a map of its own owned fields): it is written there.
    return tokens.size();
  }

  /** The field set's entry for a list item: by its key fields, its value, or its index. */
  private static JsonNode item(JsonNode set, JsonNode item, String index) {
    for (Map.Entry<String, JsonNode> e : set.properties()) {
      String name = e.getKey();
      if (name.startsWith("k:") && item.isObject() && keyMatches(name.substring(2), item)
          || name.startsWith("v:") && sameValue(parse(name.substring(2)), item)
          || name.equals("i:" + index)) {
        return e.getValue();
      }
    }
    return null;
  }

  private static boolean keyMatches(String keyJson, JsonNode item) {
    JsonNode key = parse(keyJson);
    if (key == null || !key.isObject()) {
      return false;
    }
    for (Map.Entry<String, JsonNode> field : key.properties()) {
      if (!sameValue(field.getValue(), item.get(field.getKey()))) {
        return false;
      }
    }
    return true;
  }

  /** Equal values; numbers by value, since a field set's {@code 1} and an object's {@code 1} may differ in type. */
  private static boolean sameValue(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return false;
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  private static JsonNode parse(String json) {
    try {
      return ApiServer.JSON.readTree(json);
    } catch (IOException e) {
      return null;
    }
  }

  private static Optional<Integer> index(String token) {
    try {
      return Optional.of(Integer.parseInt(token));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
