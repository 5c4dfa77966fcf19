package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;
import java.util.Optional;
import java.util.regex.Pattern;

/** A condition type that does not match metav1.Condition's pattern and length limits. */
// Applies to built-in kinds, where ValidateLabelName's limits are errors; on custom resources each
// limit is as loud as what states it: the kind's declared schema, an inferred one, or only the convention.
@RuleInfo(
    id = "condition-type-format",
    code = "A03",
    title = "The condition type matches metav1.Condition's pattern and length",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "metav1.Condition's schema requires `(dns1123Subdomain/)?qualifiedName` of at most 316"
            + " characters, so the API server rejects other types where the kind's schema declares them."
            + " Built-in types go through ValidateLabelName instead, which also caps the prefix at 253 and"
            + " the name part at 63 bytes; no CRD schema does, so on custom resources that part is an info"
            + " naming the convention, as is the pattern or length where the kind's schema does not declare it.",
    source = "apimachinery types.go (Pattern, MaxLength=316); validation.go ValidateCondition -> content.IsLabelKey")
public final class ConditionTypeFormat implements ObjectRule {
  // Anchored by matches(): Java's `$` would also accept a trailing newline (CONVENTIONS.md §5.1).
  private static final Pattern TYPE =
      Pattern.compile(
          "([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
              + "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])");
  private static final int MAX_PREFIX = 253;
  private static final int MAX_NAME = 63;
  private static final String PATTERN_CONVENTION = "metav1.Condition's type pattern";
  private static final String GO_CONVENTION = "ValidateLabelName's limits on built-in kinds";

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      FieldLimits.Of limits = null;
      for (int i = 0; i < list.size(); i++) {
        String t = list.type(i);
        if (t == null) {
          continue;
        }
        Condition c = list.condition(i);
        if (limits == null) {
          // A pattern of the condition type's own (a contract's, a CRD's, a family's) other than metav1's,
          // and its limits; built-in kinds go through ValidateLabelName whatever a schema says, and have no
          // limit on the whole type, only on its parts (the Go limits below).
          limits = check.isBuiltinKind() ? FieldLimits.Of.NONE : FieldLimits.Of.of(check, c, "type");
        }
        checkType(check, c, t, limits);
      }
    }
  }

  private static void checkType(ObjectCheck check, Condition c, String t, FieldLimits.Of limits) {
    Optional<FieldLimits.FieldPattern> own = limits.ownPattern();
    if (own.isPresent()) {
      if (!own.get().matches(t)) {
        own.get().binding().report(check, c.pointer("type"),
            "Type " + FieldValues.quote(t) + " " + own.get().mismatch("such a type"),
            "Use a type that matches its condition type's pattern.");
        return;
      }
    } else if (!matchesType(t)) {
      Binding binding = check.isBuiltinKind() ? Binding.DECLARED : Binding.ofPattern(check, c, "type", PATTERN_CONVENTION);
      String quoted = FieldValues.quote(t);
      binding.report(check, c.pointer("type"),
          "Type " + quoted + " does not match `(dns-subdomain/)?Name`" + why(t) + "; "
              + (binding.isDeclared()
                  ? "metav1.Condition's schema and built-in validation reject such a type."
                  : "metav1.Condition's schema and built-in validation would reject such a type, and tools"
                      + " that match types expect one."),
          "Use a CamelCase name of letters, digits, '-', '_' and '.', optionally after one"
              + " `example.com/` prefix, e.g. `example.com/CacheWarm`.");
      return;
    }
    Optional<FieldLimits.Limit> max = limits.maxLength();
    int length = FieldValues.length(check, t);
    if (max.isPresent() && length > max.get().value()) {
      max.get().binding().report(check, c.pointer("type"),
          "Type " + FieldValues.quote(t) + " is " + length + " characters long; "
              + (max.get().binding().isDeclared() ? "the schema allows" : "by convention a type has")
              + " at most " + max.get().value() + ".",
          "Shorten the type; short condition names are preferred.");
      return;
    }
    Optional<FieldLimits.Limit> min = limits.minLength(); // no Optional.filter: its lambda would capture the length
    if (min.isPresent() && length < min.get().value()) {
      min.get().binding().report(check, c.pointer("type"),
          "Type " + FieldValues.quote(t) + " is " + length + " " + FieldValues.unit(check, length) + " long; "
              + (min.get().binding().isDeclared() ? "the schema requires" : "by convention a type has")
              + " at least " + min.get().value() + ".",
          "Use a longer type, as its condition type's schema asks.");
      return;
    }
    goLimits(check, c, t);
  }

  /**
   * {@link #TYPE}: without a '/', only its name part can match, which is a qualified name; a type
   * with a prefix goes to the regex.
   */
  private static boolean matchesType(String t) {
    return t.indexOf('/') < 0 ? AsciiPatterns.isQualifiedName(t) : TYPE.matcher(t).matches();
  }

  /**
   * ValidateLabelName's limits: what the API server enforces for built-in kinds only; on a custom
   * resource no schema states them, so they are the convention of built-in kinds.
   */
  private static void goLimits(ObjectCheck check, Condition c, String t) {
    int slash = t.indexOf('/');
    String prefix = slash < 0 ? "" : t.substring(0, slash);
    String name = t.substring(slash + 1);
    String part;
    if (prefix.length() > MAX_PREFIX) {
      part = "its prefix is " + prefix.length() + " characters long (at most " + MAX_PREFIX + ")";
    } else if (name.length() > MAX_NAME) {
      part = "its name part is " + name.length() + " characters long (at most " + MAX_NAME + ")";
    } else {
      return;
    }
    boolean builtin = check.isBuiltinKind();
    Binding binding = builtin ? Binding.DECLARED : Binding.convention(check, c, GO_CONVENTION);
    String consequence =
        builtin
            ? "the API server rejects it"
            : "custom resources accept it, but built-in validation (ValidateLabelName) would not";
    binding.report(check, c.pointer("type"),
        "Type " + FieldValues.quote(t) + ": " + part + "; " + consequence + ".",
        "Shorten the type to a name part of at most 63 characters, after a prefix of at most 253.");
  }

  private static String why(String t) {
    if (t.chars().filter(ch -> ch == '/').count() > 1) {
      return " (it has more than one '/')";
    }
    return "";
  }
}
