package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;
import java.util.Optional;
import java.util.regex.Pattern;

/** A condition type that does not match metav1.Condition's pattern and length limits. */
// Applies to built-in kinds, where ValidateLabelName's limits are errors rather than warnings.
@RuleInfo(
    id = "condition-type-format",
    code = "A03",
    title = "The condition type matches metav1.Condition's pattern and length",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "metav1.Condition's schema requires `(dns1123Subdomain/)?qualifiedName` of at most 316"
            + " characters, so the API server rejects other types. Built-in types go through"
            + " ValidateLabelName instead, which also caps the prefix at 253 and the name part at 63"
            + " bytes; the CRD schema does not, so that part is a warning on custom resources.",
    source = "apimachinery types.go (Pattern, MaxLength=316); validation.go ValidateCondition -> content.IsLabelKey")
public final class ConditionTypeFormat implements ObjectRule {
  // Anchored by matches(): Java's `$` would also accept a trailing newline (CONVENTIONS.md §5.1).
  private static final Pattern TYPE =
      Pattern.compile(
          "([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
              + "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])");
  private static final int MAX_PREFIX = 253;
  private static final int MAX_NAME = 63;

  /** What is wrong with a type, how severe it may be at most, and how to fix it. */
  private record Problem(Severity cap, String message, String hint) {}

  @Override
  public void check(ObjectCheck check) {
    for (Condition c : check.allConditions()) {
      Optional<Problem> problem = c.type().flatMap(t -> problem(check, c, t));
      if (problem.isEmpty()) {
        continue;
      }
      check.report(problem.get().cap(), c.pointer("type"), problem.get().message(), problem.get().hint());
    }
  }

  private static Optional<Problem> problem(ObjectCheck check, Condition c, String t) {
    if (!matchesType(t)) {
      String quoted = FieldValues.quote(t);
      return Optional.of(new Problem(
          Severity.ERROR,
          "Type " + quoted + " does not match `(dns-subdomain/)?Name`" + why(t)
              + "; metav1.Condition's schema and built-in validation reject such a type.",
          "Use a CamelCase name of letters, digits, '-', '_' and '.', optionally after one"
              + " `example.com/` prefix, e.g. `example.com/CacheWarm`."));
    }
    int max = FieldLimits.maxLength(check, c, "type").orElse(Integer.MAX_VALUE);
    // Built-in kinds have no limit on the whole type, only on its parts (the Go limits below).
    if (!check.isBuiltinKind() && FieldValues.length(check, t) > max) {
      return Optional.of(new Problem(
          Severity.ERROR,
          "Type " + FieldValues.quote(t) + " is " + FieldValues.length(check, t) + " characters long; the schema allows at most "
              + max + ".",
          "Shorten the type; short condition names are preferred."));
    }
    return goLimitsProblem(check, t);
  }

  /**
   * {@link #TYPE}: without a '/', only its name part can match, which is a qualified name; a type
   * with a prefix goes to the regex.
   */
  private static boolean matchesType(String t) {
    return t.indexOf('/') < 0 ? AsciiPatterns.isQualifiedName(t) : TYPE.matcher(t).matches();
  }

  /** ValidateLabelName's limits: what the API server enforces for built-in kinds only. */
  private static Optional<Problem> goLimitsProblem(ObjectCheck check, String t) {
    int slash = t.indexOf('/');
    String prefix = slash < 0 ? "" : t.substring(0, slash);
    String name = t.substring(slash + 1);
    String part;
    if (prefix.length() > MAX_PREFIX) {
      part = "its prefix is " + prefix.length() + " characters long (at most " + MAX_PREFIX + ")";
    } else if (name.length() > MAX_NAME) {
      part = "its name part is " + name.length() + " characters long (at most " + MAX_NAME + ")";
    } else {
      return Optional.empty();
    }
    boolean builtin = check.isBuiltinKind();
    String consequence =
        builtin
            ? "the API server rejects it"
            : "custom resources accept it, but built-in validation (ValidateLabelName) would not";
    return Optional.of(new Problem(
        builtin ? Severity.ERROR : Severity.WARNING,
        "Type " + FieldValues.quote(t) + ": " + part + "; " + consequence + ".",
        "Shorten the type to a name part of at most 63 characters, after a prefix of at most 253."));
  }

  private static String why(String t) {
    if (t.chars().filter(ch -> ch == '/').count() > 1) {
      return " (it has more than one '/')";
    }
    return "";
  }
}
