package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a condition list sits in its kind, independent of list indexes and map keys' values:
 * {@code status.conditions}, {@code status.listeners[].conditions}. Patterns in contracts may use
 * {@code *} for any one map key ({@code status.components.*.conditions}).
 */
public final class ListPath {
  public static final String TOP_LEVEL = "status.conditions";

  /**
   * The key of a list spec that speaks for every list of the kinds it matches (the configuration's
   * {@code settings}); not a pattern users write.
   */
  public static final String ANY = "**";

  private ListPath() {}

  /** The path of the node at this JSON pointer of the object: array indexes become {@code []}. */
  public static String of(JsonNode object, String pointer) {
    StringBuilder path = new StringBuilder();
    JsonNode node = object;
    for (String token : tokens(pointer)) {
      if (node != null && node.isArray()) {
        path.append("[]");
        node = node.get(parseIndex(token));
      } else {
        if (path.length() > 0) {
          path.append('.');
        }
        path.append(token);
        node = node == null ? null : node.get(token);
      }
    }
    return path.toString();
  }

  /** Whether a path matches a pattern of the same shape, where {@code *} stands for any one key. */
  public static boolean matches(String pattern, String path) {
    if (pattern.equals(path)) {
      return true;
    }
    if (pattern.indexOf('*') < 0) {
      return false;
    }
    List<String> p = segments(pattern);
    List<String> s = segments(path);
    if (p.size() != s.size()) {
      return false;
    }
    for (int i = 0; i < p.size(); i++) {
      String want = p.get(i);
      String have = s.get(i);
      boolean any = want.equals("*") && !have.equals("[]");
      if (!any && !want.equals(have)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A well-formed pattern, as a regular expression (Java's and ECMA 262's alike, so that the
   * configuration's JSON Schema says the same): dot-separated keys under {@code status}, each key
   * without brackets and followed by any number of {@code []}; {@code *} keys included.
   */
  public static final String VALID = "^status[^.\\[\\]]*(\\[\\])*(\\.[^.\\[\\]]+(\\[\\])*)*$";

  private static final java.util.regex.Pattern VALID_PATTERN = java.util.regex.Pattern.compile(VALID);

  /** Whether the path is a well-formed pattern: dot-separated keys, {@code []} after a key, {@code *} keys. */
  public static boolean isValidPattern(String pattern) {
    return VALID_PATTERN.matcher(pattern).matches();
  }

  private static List<String> segments(String path) {
    List<String> out = new ArrayList<>();
    for (String part : path.split("\\.", -1)) {
      String key = part;
      int arrays = 0;
      while (key.endsWith("[]")) {
        key = key.substring(0, key.length() - 2);
        arrays++;
      }
      out.add(key);
      for (int i = 0; i < arrays; i++) {
        out.add("[]");
      }
    }
    return out;
  }

  private static List<String> tokens(String pointer) {
    List<String> out = new ArrayList<>();
    if (pointer.isEmpty()) {
      return out;
    }
    for (String raw : pointer.substring(1).split("/", -1)) {
      out.add(raw.replace("~1", "/").replace("~0", "~"));
    }
    return out;
  }

  private static int parseIndex(String token) {
    try {
      return Integer.parseInt(token);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
