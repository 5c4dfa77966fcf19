package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigInteger;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Resolves plain scalars as YAML 1.1 does in go-yaml v2, which kubectl and sigs.k8s.io/yaml use: so
 * {@code yes}, {@code on} and {@code True} are booleans, {@code ~} is null, {@code 0x1F} and
 * {@code 1_000} are numbers. A YAML 1.2 reader would keep {@code yes} a string, and the linter would
 * then miss what the API server receives.
 */
public final class Yaml11Scalars {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final Set<String> TRUE =
      Set.of("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON");
  private static final Set<String> FALSE =
      Set.of("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF");
  private static final Set<String> NULL = Set.of("", "~", "null", "Null", "NULL");
  private static final Pattern INT = Pattern.compile("[-+]?(0b[01]+|0x[0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)");
  private static final Pattern FLOAT =
      Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

  private Yaml11Scalars() {}

  /** The longest word of {@link #TRUE}, {@link #FALSE} and {@link #NULL}. */
  private static final int LONGEST_KEYWORD = 5;

  /** The JSON value a YAML 1.1 reader gives this plain scalar. */
  public static JsonNode resolve(String plain) {
    // Most scalars of a manifest are longer than any keyword: spare them hashing and three lookups.
    if (plain.length() <= LONGEST_KEYWORD) {
      JsonNode keyword = keyword(plain);
      if (keyword != null) {
        return keyword;
      }
    }
    if (isPlainWord(plain.charAt(0))) {
      // Most scalars of a manifest are words; no number starts with a letter: skip the regexes.
      return F.textNode(plain);
    }
    switch (plain) {
      case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
        return F.numberNode(Double.POSITIVE_INFINITY);
      case "-.inf", "-.Inf", "-.INF":
        return F.numberNode(Double.NEGATIVE_INFINITY);
      case ".nan", ".NaN", ".NAN":
        return F.numberNode(Double.NaN);
      default:
        break;
    }
    String digits = plain.replace("_", "");
    if (!digits.isEmpty() && INT.matcher(digits).matches()) {
      JsonNode n = integer(digits);
      if (n != null) {
        return n;
      }
    }
    if (FLOAT.matcher(digits).matches() && digits.chars().anyMatch(Character::isDigit)) {
      return F.numberNode(Double.parseDouble(digits));
    }
    return F.textNode(plain);
  }

  private static JsonNode keyword(String plain) {
    if (NULL.contains(plain)) {
      return F.nullNode();
    }
    if (TRUE.contains(plain)) {
      return F.booleanNode(true);
    }
    if (FALSE.contains(plain)) {
      return F.booleanNode(false);
    }
    return null;
  }

  private static boolean isPlainWord(char first) {
    return first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z';
  }

  private static JsonNode integer(String digits) {
    boolean negative = digits.startsWith("-");
    String unsigned = digits.startsWith("-") || digits.startsWith("+") ? digits.substring(1) : digits;
    int radix = 10;
    String body = unsigned;
    if (unsigned.startsWith("0b")) {
      radix = 2;
      body = unsigned.substring(2);
    } else if (unsigned.startsWith("0x")) {
      radix = 16;
      body = unsigned.substring(2);
    } else if (unsigned.length() > 1 && unsigned.startsWith("0")) {
      radix = 8;
      body = unsigned.substring(1);
    }
    try {
      BigInteger v = new BigInteger(body, radix);
      if (negative) {
        v = v.negate();
      }
      return v.bitLength() < 64 ? F.numberNode(v.longValue()) : F.numberNode(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
