package dev.condlint.cli.explain;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A string written as a YAML scalar that reads back as the same string, in block and in flow
 * context, by YAML 1.1 readers (condlint's and kubectl's) and YAML 1.2 ones: plain when that is safe,
 * else double-quoted with JSON's escapes, which YAML shares.
 */
final class YamlScalar {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z][A-Za-z0-9._/-]*");
  /** A key may also hold the {@code []} of a list path. */
  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z][A-Za-z0-9._/\\[\\]*-]*");
  /** Words a YAML 1.1 reader turns into booleans or null. */
  private static final Set<String> SPECIAL =
      Set.of("y", "n", "yes", "no", "on", "off", "true", "false", "null");

  private YamlScalar() {}

  static String value(String text) {
    return write(text, PLAIN);
  }

  static String key(String text) {
    return write(text, PLAIN_KEY);
  }

  private static String write(String text, Pattern plain) {
    if (plain.matcher(text).matches() && !SPECIAL.contains(text.toLowerCase(Locale.ROOT))) {
      return text;
    }
    return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
  }
}
