package dev.condlint.rules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.Catalogue;
import org.junit.jupiter.api.Test;

/**
 * The engine judges with the {@link Ruleset} it is given: no class of it looks the built-in rules,
 * profiles or catalogue up by itself (the lists themselves are package-private to {@link Ruleset}).
 */
class RulesetInjectionTest {
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.condlint.rules");

  @Test
  void onlyAFrontEndChoosesTheBuiltInRuleset() {
    noClasses().that().doNotBelongToAnyOf(Ruleset.class)
        .should().callMethod(Ruleset.class, "builtIn")
        .because("the ruleset is built at a front end's composition root and handed down")
        .check(CLASSES);
  }

  @Test
  void onlyTheBuiltInRulesetReadsTheBuiltInCatalogue() {
    noClasses().that().doNotBelongToAnyOf(Ruleset.class)
        .should().callMethod(Catalogue.class, "builtIn")
        .because("rules, the configuration and the engine read the catalogue of the ruleset in use")
        .check(CLASSES);
  }
}
