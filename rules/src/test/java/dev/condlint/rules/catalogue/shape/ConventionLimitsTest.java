package dev.condlint.rules.catalogue.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.CaseFile;
import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.api.Test;

/**
 * A03 condition-type-format, A08 condition-reason-format and A11 condition-message-maxlength hold a
 * value to a pattern or length only as loudly as what states the limit: the kind's declared schema (an
 * error), an inferred schema the list is held to (a warning), or only the convention (an info naming
 * it). ValidateLabelName's 253/63 limits are stated by no CRD: on a custom resource they are an info.
 * The cases are files under cases/convention-limits/, each finding marked with its basis.
 */
class ConventionLimitsTest {
  private static final RuleRun FORMATS =
      RuleRun.of("condition-type-format", "condition-reason-format", "condition-message-maxlength");

  /** A name part of 64 characters after a prefix, as the cases write it. */
  private static final String T64 = "example.com/R" + "e".repeat(63);

  private static CaseFile limits(String name) {
    return CaseFile.read("cases/convention-limits/" + name + ".yaml");
  }

  @Test
  void theNamePartLimitIsAnErrorOnBuiltInKindsAndAnInfoNamingTheConventionOnCustomResources() {
    assertEquals("Type \"" + T64 + "\": its name part is 64 characters long (at most 63); custom resources"
        + " accept it, but built-in validation (ValidateLabelName) would not.",
        RuleRun.only(limits("name-part-64-on-a-custom-resource").check(FORMATS)).message());
    limits("name-part-64-on-a-built-in-kind").check(FORMATS);
  }

  @Test
  void onAKindNobodyDeclaresMetav1sPatternsAndLengthsAreInfos() {
    limits("metav1-patterns-on-an-undeclared-kind").check(FORMATS);
  }

  @Test
  void anObservedGenerationListGetsMetav1sPatternsOnlyAsInfos() {
    limits("inferred-metav1-list").check(FORMATS);
  }

  @Test
  void aCrdThatDeclaresMetav1sMarkersKeepsTheirLevelButNotTheNamePartLimit() {
    limits("crd-with-metav1-markers").check(FORMATS);
  }

  @Test
  void aCrdOfALookAlikeTypeWithoutMetav1sMarkersGetsInfosNamingTheConvention() {
    limits("look-alike-crd").check(FORMATS);
  }
}
