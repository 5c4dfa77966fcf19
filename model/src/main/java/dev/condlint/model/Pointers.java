package dev.condlint.model;

/** Builds and takes apart JSON Pointers (RFC 6901) as strings. */
public final class Pointers {
  private Pointers() {}

  public static String append(String base, String token) {
    return base + "/" + escape(token);
  }

  /** The token escaped as RFC 6901 says: {@code ~} as {@code ~0}, then {@code /} as {@code ~1}. */
  private static String escape(String token) {
    // Most tokens need neither: skip the two replace() scans and their checks.
    if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
      return token;
    }
    return token.replace("~", "~0").replace("/", "~1");
  }

  public static String append(String base, int index) {
    return base + "/" + index;
  }

  /** Joins unescaped tokens: {@code of("status", "conditions", 0)} is {@code /status/conditions/0}. */
  public static String of(Object... tokens) {
    StringBuilder sb = new StringBuilder();
    for (Object t : tokens) {
      sb.append('/').append(escape(String.valueOf(t)));
    }
    return sb.toString();
  }

  /** The pointer of the parent node; the root's parent is the root. */
  public static String parent(String pointer) {
    int slash = pointer.lastIndexOf('/');
    return slash <= 0 ? "" : pointer.substring(0, slash);
  }

  /** The last token, unescaped; empty for the root. */
  public static String lastToken(String pointer) {
    int slash = pointer.lastIndexOf('/');
    return slash < 0 ? "" : pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
  }
}
