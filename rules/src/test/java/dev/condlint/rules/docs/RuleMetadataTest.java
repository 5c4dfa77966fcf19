package dev.condlint.rules.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.TransitionRule;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.profile.Profile;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The metadata the reference, the CLI and the configuration rely on is complete and consistent, over
 * the one list of built-in rules. The ids and codes themselves are pinned by the generated reference
 * (docs/rules.md, which RuleReferenceTest keeps up to date).
 */
class RuleMetadataTest {
  private static final Pattern KEBAB_CASE = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
  private static final Pattern CODE = Pattern.compile("[A-F]\\d\\d");

  @TestFactory
  Stream<DynamicTest> everyRuleHasCompleteMetadata() {
    return Ruleset.builtIn().registry().rules().stream()
        .map(rule -> DynamicTest.dynamicTest(rule.id(), () -> checkMetadata(rule.info())));
  }

  private static void checkMetadata(RuleInfo info) {
    String id = info.id();
    assertTrue(KEBAB_CASE.matcher(id).matches(), id + ": ids are kebab-case");
    assertFalse(info.title().isBlank(), id + ": title is empty");
    assertFalse(info.title().contains("\n"), id + ": the title is one line");
    assertFalse(info.rationale().isBlank(), id + ": rationale is empty");
    assertFalse(info.source().isBlank(), id + ": source is empty");
    assertTrue(info.code().isEmpty() || CODE.matcher(info.code()).matches(),
        id + ": a catalogue code is a family letter and two digits, not '" + info.code() + "'");
  }

  @Test
  void idsAreUniqueAndCodesUniqueAndInCatalogueOrder() {
    Set<String> ids = new HashSet<>();
    List<String> codes = new ArrayList<>();
    for (Rule rule : Ruleset.builtIn().registry().rules()) {
      assertTrue(ids.add(rule.id()), "two rules with id " + rule.id());
      String code = rule.info().code();
      if (!code.isEmpty()) {
        assertFalse(codes.contains(code), "two rules with code " + code);
        codes.add(code);
      }
    }
    assertEquals(codes.stream().sorted().toList(), codes, "BuiltInRules lists the catalogue rules in code order");
  }

  @Test
  void everyRuleClassOfTheCatalogueIsInTheOneList() {
    Set<String> listed = Ruleset.builtIn().registry().rules().stream().map(r -> r.getClass().getName()).collect(Collectors.toSet());
    List<String> unlisted = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.condlint.rules.catalogue").stream()
        .filter(c -> c.isAssignableTo(Rule.class) && !c.getModifiers().contains(JavaModifier.ABSTRACT))
        .map(JavaClass::getName)
        .filter(name -> !listed.contains(name))
        .sorted()
        .toList();
    assertEquals(List.of(), unlisted, "a rule class that BuiltInRules does not list never runs");
  }

  @Test
  void everyRuleDeclaresTheScopeOfItsKind() {
    for (Rule rule : Ruleset.builtIn().registry().rules()) {
      Scope kind = rule instanceof CrdRule ? Scope.CRD : rule instanceof TransitionRule ? Scope.UPDATE : Scope.OBJECT;
      assertEquals(kind, rule.info().scope(), rule.id() + ": the scope documented is the one the engine runs it in");
    }
  }

  @Test
  void everyProfileNamesOnlyCatalogueRules() {
    for (Profile profile : Ruleset.builtIn().profiles()) {
      for (String id : profile.levels().keySet()) {
        boolean catalogueRule = Ruleset.builtIn().registry().find(id).filter(r -> !r.info().code().isEmpty()).isPresent();
        assertTrue(catalogueRule, profile.name() + " sets a level for '" + id + "', not a catalogue rule");
      }
    }
  }
}
