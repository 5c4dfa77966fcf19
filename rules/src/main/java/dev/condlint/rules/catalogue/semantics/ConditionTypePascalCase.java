package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.common.AsciiPatterns;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** B01: the name part of a condition type is PascalCase. */
// Built-in kinds are skipped: their condition types are fixed by Kubernetes, and the custom types
// users add to Pods through readiness gates follow label-key style (the docs' own example is
// www.example.com/feature-1), so a finding there would not be actionable.
@RuleInfo(
    id = "condition-type-pascalcase",
    code = "B01",
    title = "Condition type names are PascalCase",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "The schema pattern accepts 'ready', 'pod-scheduled' and 'Ready_State', but every convention"
            + " names condition types in PascalCase: tools and people match them by exact name, so a"
            + " type spelt differently from its ecosystem's is a type nobody finds. A type the kind's declared"
            + " contract names (ACK's ACK.ResourceSynced) is that API's own name and is left alone.",
    source =
        "api-conventions ('Condition types should be named in PascalCase'); apimachinery types.go"
            + " ('CamelCase or in foo.example.com/CamelCase'); knative/specs error-signalling.md",
    builtinKinds = false)
public final class ConditionTypePascalCase implements ObjectRule {
  // PascalCase is `[A-Z][A-Za-z0-9]*`. A name that fails the qualified-name pattern
  // `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]` is A03's finding; one mistake, one finding.
  private static final Pattern WORD_SEPARATOR = Pattern.compile("[-_.]+");

  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      for (int i = 0; i < list.size(); i++) {
        String name = list.typeName(i);
        // An UpperCamelCase word is a qualified name: a clean type is decided by one walk of its characters.
        if (!AsciiPatterns.isUpperCamelWord(name) && AsciiPatterns.isQualifiedName(name)) {
          report(check, list.condition(i), list.type(i), name);
        }
      }
    }
  }

  private static void report(ObjectCheck check, Condition c, String type, String name) {
    if (isDeclared(check, c, type)) {
      return;
    }
    String suggestion = type.substring(0, type.length() - name.length()) + pascalCase(name);
    check.report(
        c.pointer("type"),
        "Condition type '" + type + "' is not PascalCase; the API conventions name condition types in"
            + " PascalCase, and clients match types by exact name.",
        AsciiPatterns.isUpperCamelWord(pascalCase(name))
            ? "Rename the type to '" + suggestion + "' (a rename changes the API: update its readers too)."
            : "Rename the type to a PascalCase word or phrase that starts with a letter.");
  }

  /**
   * Whether the kind's declared contract (configuration, its CRD, the catalogue) names this type: then the
   * name is the API's own (ACK's runtime declares ACK.ResourceSynced, ACK.Terminal, ...), and renaming it
   * would break every reader of that API; only a type nothing declares is told to follow the convention.
   */
  private static boolean isDeclared(ObjectCheck check, Condition c, String type) {
    var known = check.contractOf(c).types().get(type);
    return known != null && known.isDeclared();
  }

  private static String pascalCase(String name) {
    return Arrays.stream(WORD_SEPARATOR.split(name))
        .filter(w -> !w.isEmpty())
        .map(w -> Character.toUpperCase(w.charAt(0)) + w.substring(1))
        .collect(Collectors.joining());
  }
}
