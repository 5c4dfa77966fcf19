package dev.condlint.rules.schema;

import com.networknt.schema.regex.JDKRegularExpressionFactory;
import com.networknt.schema.regex.RegularExpression;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.PatternSyntaxException;

/**
 * A schema's {@code pattern}, compiled as {@link StructuralValidator} compiles the patterns of a CRD's
 * schema (networknt's JDK regular expressions: ECMA 262's {@code $} anchors and long-form character
 * properties translated, then searched for anywhere in the value, as JSON Schema's {@code pattern} is),
 * so that a rule reading a contract's pattern and the schema check agree on every value. Each pattern is
 * compiled once and kept (up to {@link #MAX_CACHED} distinct patterns; beyond that, compiled at each use).
 */
public final class SchemaPatterns {
  private static final int MAX_CACHED = 4096;
  private static final Map<String, Optional<RegularExpression>> COMPILED = new ConcurrentHashMap<>();

  private SchemaPatterns() {}

  /** The compiled pattern; empty where it is not a valid regular expression. */
  public static Optional<RegularExpression> compiled(String pattern) {
    Optional<RegularExpression> known = COMPILED.get(pattern);
    if (known != null) {
      return known;
    }
    Optional<RegularExpression> compiled;
    try {
      compiled = Optional.of(JDKRegularExpressionFactory.getInstance().getRegularExpression(pattern));
    } catch (RuntimeException e) {
      compiled = Optional.empty();
    }
    if (COMPILED.size() < MAX_CACHED) {
      COMPILED.putIfAbsent(pattern, compiled);
    }
    return compiled;
  }

  /** Why the pattern is not a valid regular expression (the first line of the compiler's description); empty where it is. */
  public static Optional<String> problem(String pattern) {
    try {
      JDKRegularExpressionFactory.getInstance().getRegularExpression(pattern);
      return Optional.empty();
    } catch (PatternSyntaxException e) {
      return Optional.of(e.getDescription() + (e.getIndex() >= 0 ? " near index " + e.getIndex() : ""));
    } catch (RuntimeException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }
}
