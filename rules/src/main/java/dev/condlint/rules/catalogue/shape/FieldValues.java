package dev.condlint.rules.catalogue.shape;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.rules.api.Check;
import dev.condlint.rules.api.ObjectCheck;
import java.nio.charset.StandardCharsets;

/** How the shape rules measure, name and quote condition field values in their findings. */
final class FieldValues {
  private static final int QUOTE_LIMIT = 80;

  private FieldValues() {}

  /**
   * The length that the API server checks: Unicode code points for custom resources (the CRD
   * schema's maxLength counts runes), UTF-8 bytes for built-in kinds (ValidateCondition uses len()).
   */
  static int length(Check check, String s) {
    return check.isBuiltinKind()
        ? s.getBytes(StandardCharsets.UTF_8).length
        : s.codePointCount(0, s.length());
  }

  /** The unit {@link #length} counts in, for messages. */
  static String unit(Check check) {
    return check.isBuiltinKind() ? "bytes" : "characters";
  }

  /** The unit {@link #length} counts in, singular for one. */
  static String unit(Check check, int count) {
    return count == 1 ? (check.isBuiltinKind() ? "byte" : "character") : unit(check);
  }

  /** A string as a JSON string literal, cut to 80 characters so that findings stay readable. */
  static String quote(String s) {
    if (s.codePointCount(0, s.length()) <= QUOTE_LIMIT) {
      return jsonString(s);
    }
    String head = s.substring(0, s.offsetByCodePoints(0, QUOTE_LIMIT));
    return jsonString(head) + "...";
  }

  /**
   * A JSON string literal, escaped as Jackson writes one. jackson-core's encoder, not a TextNode's
   * toString: that one starts an ObjectMapper, whose date formats load locale data on every run.
   */
  static String jsonString(String s) {
    return '"' + String.valueOf(JsonStringEncoder.getInstance().quoteAsString(s)) + '"';
  }

  /** A JSON value in words: {@code the boolean true}, {@code the number 3.5}, {@code null}, {@code a list}. */
  static String describe(JsonNode v) {
    if (v.isTextual()) {
      return "the string " + quote(v.asText());
    }
    if (v.isBoolean()) {
      return "the boolean " + v.asText();
    }
    if (v.isNumber()) {
      return "the number " + v.asText();
    }
    if (v.isNull()) {
      return "null";
    }
    return v.isArray() ? "a list" : "an object";
  }

  /** How findings name a condition: by its type when it has one, else by its index. */
  static String name(Condition c) {
    return c.type().map(t -> "Condition " + quote(t)).orElse("Condition #" + c.index());
  }

  /** Whether a field holds a value other than a string that is not A06's (a YAML 1.1 coercion). */
  static boolean isNonStringValue(ObjectCheck check, Condition c, String field) {
    JsonNode v = c.field(field);
    return !v.isMissingNode() && !v.isNull() && !v.isTextual() && !check.isYamlCoerced(c.pointer(field));
  }

  /** Whether a field is absent or JSON null, leaving out a YAML 1.1 coercion (A06 owns {@code ~}). */
  static boolean isAbsent(ObjectCheck check, Condition c, String field) {
    JsonNode v = c.field(field);
    return (v.isMissingNode() || v.isNull()) && !check.isYamlCoerced(c.pointer(field));
  }
}
