package dev.condlint.webhook;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The webhook uses Vert.x's and Vert.x Web's public API: their {@code impl} packages change without notice
 * between versions (a method removed, or its behaviour changed, breaks the webhook at an upgrade, or does so
 * silently). The answer to a broken chunk coding flushed with the internal {@code ConnectionBase.flush}; it
 * now closes the connection through {@code HttpConnection.close()}, which flushes (HostileClientsTest's eight
 * broken codings, ProbePortErrorsTest's). One internal class is known and allowed, named here:
 * {@code CpuCoreSensor}, which {@link WebhookOptions#defaultEventLoops} asks for the CPUs as Vert.x counts
 * them for its own pools (a static method whose disappearance fails the build, not the behaviour).
 */
class VertxInternalsTest {
  @Test
  void noVertxInternalClassIsUsed() {
    JavaClasses webhook = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.condlint.webhook");
    noClasses().should().dependOnClassesThat(resideInAnyPackage("io.vertx..impl..")
            .and(not(name("io.vertx.core.impl.cpu.CpuCoreSensor"))))
        .because("Vert.x's impl packages are not its API").check(webhook);
  }
}
