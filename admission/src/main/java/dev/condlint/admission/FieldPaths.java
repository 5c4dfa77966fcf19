package dev.condlint.admission;

/**
 * Turns JSON Pointers into the field paths Kubernetes writes in {@code Status} causes and messages:
 * {@code /status/conditions/0/type} is {@code status.conditions[0].type}.
 */
public final class FieldPaths {
  private FieldPaths() {}

  public static String of(String pointer) {
    if (pointer.isEmpty()) {
      return "";
    }
    StringBuilder path = new StringBuilder();
    for (String raw : pointer.substring(1).split("/", -1)) {
      String token = raw.replace("~1", "/").replace("~0", "~");
      if (token.chars().allMatch(Character::isDigit) && !token.isEmpty()) {
        path.append('[').append(token).append(']');
      } else if (token.contains(".") || token.contains("/") || token.isEmpty()) {
        // Kubernetes writes map keys that are not identifiers in brackets: metadata.annotations[a.io/b].
        path.append('[').append(token).append(']');
      } else {
        path.append(path.length() == 0 ? "" : ".").append(token);
      }
    }
    return path.toString();
  }
}
