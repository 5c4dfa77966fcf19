package dev.condlint.monitor;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The monitor's packages in one-way layers, read from the compiled classes: log, then assess (judging
 * an object), state (what is kept), watch (the informers that feed it), then the three ways out
 * (metrics, http, reports), which do not use each other, then the root that wires them. A failure
 * names the class and the line.
 */
class LayeringTest {
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.condlint.monitor");

  @Test
  void eachLayerOnlyLooksDown() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("log").definedBy("dev.condlint.monitor.log..")
        .layer("assess").definedBy("dev.condlint.monitor.assess..")
        .layer("state").definedBy("dev.condlint.monitor.state..")
        .layer("watch").definedBy("dev.condlint.monitor.watch..")
        .layer("metrics").definedBy("dev.condlint.monitor.metrics..")
        .layer("http").definedBy("dev.condlint.monitor.http..")
        .layer("reports").definedBy("dev.condlint.monitor.reports..")
        .layer("root").definedBy("dev.condlint.monitor")
        .whereLayer("root").mayNotBeAccessedByAnyLayer()
        .whereLayer("metrics").mayOnlyBeAccessedByLayers("root")
        .whereLayer("http").mayOnlyBeAccessedByLayers("root")
        .whereLayer("reports").mayOnlyBeAccessedByLayers("root")
        .whereLayer("watch").mayOnlyBeAccessedByLayers("metrics", "http", "reports", "root")
        .whereLayer("state").mayOnlyBeAccessedByLayers("watch", "metrics", "http", "reports", "root")
        .whereLayer("assess").mayOnlyBeAccessedByLayers("state", "watch", "metrics", "http", "reports", "root")
        .whereLayer("log").mayOnlyBeAccessedByLayers("assess", "state", "watch", "metrics", "http", "reports", "root")
        .because("a layer that looked up would make the one above it a cycle")
        .check(CLASSES);
  }

  @Test
  void noTwoPackagesUseEachOther() {
    slices().matching("dev.condlint.monitor.(*)..").should().beFreeOfCycles().check(CLASSES);
  }
}
