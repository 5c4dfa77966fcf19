package dev.condlint.rules.schema;

import com.networknt.schema.regex.JDKRegularExpressionFactory;
import com.networknt.schema.regex.RegularExpression;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
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
  private static final Map<String, Optional<Predicate<String>>> COMPILED = new ConcurrentHashMap<>();

  private SchemaPatterns() {}

  /**
   * The compiled pattern, as a test of whether a value is valid by it; empty where it is not a valid
   * regular expression.
   */
  public static Optional<Predicate<String>> compiled(String pattern) {
    Optional<Predicate<String>> known = COMPILED.get(pattern);
    if (known != null) {
      return known;
    }
    Optional<Predicate<String>> compiled;
    try {
      RegularExpression regex = JDKRegularExpressionFactory.getInstance().getRegularExpression(pattern);
      compiled = Optional.of(regex::matches);
    } catch (RuntimeException e) {
      compiled = Optional.empty();
    }
    if (COMPILED.size() < MAX_CACHED) {
      COMPILED.putIfAbsent(pattern, compiled);
    }
    return compiled;
  }

  /** Why the pattern is not a valid regular expression (the compiler's description); empty where it is. */
  public static Optional<String> problem(String pattern) {
    try {
      JDKRegularExpressionFactory.getInstance().getRegularExpression(pattern);
      return Optional.empty();
    } catch (PatternSyntaxException e) {
      // Not its index: that is in the translated pattern, not in the one the user wrote.
      return Optional.of(e.getDescription());
    } catch (RuntimeException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }
}
