package dev.condlint.rules;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The layers of docs/contributing.md, read from the compiled classes: each layer only looks down, and
 * no two packages use each other. A failure names the class, the dependency and the line.
 */
class LayeringTest {
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.condlint.model", "dev.condlint.rules");

  private static final String CATALOGUE = "dev.condlint.rules.catalogue";
  private static final String COMMON = "dev.condlint.rules.catalogue.common..";
  private static final String FAMILIES = "dev.condlint.rules.catalogue.*..";

  @Test
  void eachLayerOnlyLooksDown() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .withOptionalLayers(true)
        .layer("model").definedBy("dev.condlint.model..")
        .layer("kstatus").definedBy("dev.condlint.rules.kstatus..")
        .layer("schema").definedBy("dev.condlint.rules.schema..")
        .layer("text").definedBy("dev.condlint.rules.text..")
        .layer("contract").definedBy("dev.condlint.rules.contract..")
        .layer("timing").definedBy("dev.condlint.rules.timing..")
        .layer("profile").definedBy("dev.condlint.rules.profile..")
        .layer("api").definedBy("dev.condlint.rules.api..")
        .layer("catalogue").definedBy(CATALOGUE + "..")
        .layer("config").definedBy("dev.condlint.rules.config..")
        .layer("engine").definedBy("dev.condlint.rules.engine..")
        .whereLayer("engine").mayNotBeAccessedByAnyLayer()
        .whereLayer("config").mayOnlyBeAccessedByLayers("engine")
        .whereLayer("catalogue").mayOnlyBeAccessedByLayers("config", "engine")
        .whereLayer("api").mayOnlyBeAccessedByLayers("catalogue", "config", "engine")
        .whereLayer("profile").mayOnlyBeAccessedByLayers("api", "catalogue", "config", "engine")
        .whereLayer("timing").mayOnlyBeAccessedByLayers("catalogue")
        .whereLayer("contract").mayOnlyBeAccessedByLayers("timing", "profile", "api", "catalogue", "config", "engine")
        .whereLayer("kstatus").mayOnlyBeAccessedByLayers("contract", "timing", "profile", "api", "catalogue", "config", "engine")
        .whereLayer("schema").mayOnlyBeAccessedByLayers("contract", "profile", "api", "catalogue", "config", "engine")
        .whereLayer("text").mayOnlyBeAccessedByLayers("contract", "profile", "api", "catalogue", "config", "engine")
        .because("a layer that looked up would make the one above it a cycle")
        .check(CLASSES);
  }

  @Test
  void noTwoPackagesUseEachOther() {
    slices().matching("dev.condlint.(**)").should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  void ruleFamiliesShareOnlyCatalogueCommon() {
    slices().matching(CATALOGUE + ".(*)..")
        .should().notDependOnEachOther()
        .ignoreDependency(alwaysTrue(), resideInAPackage(COMMON))
        .because("a helper two families need belongs in catalogue.common")
        .check(CLASSES);
  }

  @Test
  void ruleFamiliesDoNotKnowTheListsTheyAreIn() {
    noClasses().that().resideInAPackage(FAMILIES)
        .should().dependOnClassesThat().resideInAPackage(CATALOGUE)
        .because("BuiltInRules and BuiltInProfiles name the rules, not the other way round")
        .check(CLASSES);
  }
}
