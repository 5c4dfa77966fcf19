package dev.condlint.rules.config;

import java.util.regex.Pattern;

/** Names a place in the configuration for messages: {@code settings.negativeTypes}, {@code exclude[1]}. */
final class ConfigPaths {
  private static final Pattern INDEX = Pattern.compile("\\d+");

  private ConfigPaths() {}

  static String describe(String pointer) {
    if (pointer.isEmpty()) {
      return "the configuration";
    }
    StringBuilder sb = new StringBuilder();
    for (String raw : pointer.substring(1).split("/", -1)) {
      String token = raw.replace("~1", "/").replace("~0", "~");
      if (INDEX.matcher(token).matches()) {
        sb.append('[').append(token).append(']');
      } else if (token.contains(".") || token.contains("/")) {
        sb.append("[\"").append(token).append("\"]");
      } else {
        sb.append(sb.length() == 0 ? "" : ".").append(token);
      }
    }
    return sb.toString();
  }
}
