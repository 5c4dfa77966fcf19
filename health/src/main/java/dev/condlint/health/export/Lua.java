package dev.condlint.health.export;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Lua 5.1 literals for generated scripts. */
final class Lua {
  private Lua() {}

  static String string(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\%03d", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  static String list(Collection<String> items) {
    return items.stream().map(Lua::string).collect(Collectors.joining(", ", "{", "}"));
  }

  static String map(Map<String, String> entries) {
    if (entries.isEmpty()) {
      return "{}";
    }
    return entries.entrySet().stream()
        .map(e -> "[" + string(e.getKey()) + "] = " + string(e.getValue()))
        .collect(Collectors.joining(",\n  ", "{\n  ", "\n}"));
  }

  static String pairs(List<Map.Entry<String, String>> entries) {
    if (entries.isEmpty()) {
      return "{}";
    }
    return entries.stream()
        .map(e -> "{" + string(e.getKey()) + ", " + string(e.getValue()) + "}")
        .collect(Collectors.joining(",\n  ", "{\n  ", "\n}"));
  }

  static String set(Collection<String> items) {
    return items.stream().map(i -> "[" + string(i) + "] = true").collect(Collectors.joining(", ", "{", "}"));
  }
}
