package dev.condlint.rules.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.crd.CrdRules;
import dev.condlint.rules.catalogue.ecosystem.EcosystemRules;
import dev.condlint.rules.catalogue.generation.GenerationRules;
import dev.condlint.rules.catalogue.meta.MetaRules;
import dev.condlint.rules.catalogue.semantics.SemanticRules;
import dev.condlint.rules.catalogue.shape.ShapeRules;
import dev.condlint.rules.catalogue.transition.TransitionRules;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.profile.Profiles;
import dev.condlint.rules.testing.Catalogue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The metadata the reference, the CLI and the configuration rely on is complete and consistent. */
class RuleMetadataTest {
  private static final Pattern KEBAB_CASE = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
  private static final Pattern CODE = Pattern.compile("[A-F]\\d\\d");

  private static final Map<String, String> CATALOGUE = Catalogue.idsByCode();

  @TestFactory
  Stream<DynamicTest> everyRuleHasCompleteMetadata() {
    return RuleRegistry.builtIn().rules().stream()
        .map(rule -> DynamicTest.dynamicTest(rule.id(), () -> checkMetadata(rule.info())));
  }

  private static void checkMetadata(RuleInfo info) {
    String id = info.id();
    assertTrue(KEBAB_CASE.matcher(id).matches(), id + ": ids are kebab-case");
    assertFalse(info.title().isBlank(), id + ": title is empty");
    assertFalse(info.title().contains("\n"), id + ": the title is one line");
    assertFalse(info.rationale().isBlank(), id + ": rationale is empty");
    assertFalse(info.source().isBlank(), id + ": source is empty");
    if (CATALOGUE.containsValue(id)) {
      assertEquals(codeOf(id), info.code(), id + ": the catalogue's code for this id");
    } else {
      assertEquals("", info.code(), id + ": only catalogue rules have a code, and this id is not in the catalogue");
    }
  }

  @Test
  void idsAndCodesAreUniqueAcrossTheFamilies() {
    List<Rule> all = new ArrayList<>();
    Stream.of(
            ShapeRules.all(),
            SemanticRules.all(),
            GenerationRules.all(),
            TransitionRules.all(),
            CrdRules.all(),
            EcosystemRules.all(),
            MetaRules.all())
        .forEach(all::addAll);
    Set<String> ids = new HashSet<>();
    Set<String> codes = new HashSet<>();
    for (Rule rule : all) {
      assertTrue(ids.add(rule.id()), "two rules with id " + rule.id());
      String code = rule.info().code();
      assertTrue(code.isEmpty() || codes.add(code), "two rules with code " + code);
    }
  }

  @Test
  void everyProfileNamesOnlyCatalogueRules() {
    for (Profile profile : Profiles.all()) {
      for (String id : profile.levels().keySet()) {
        assertTrue(CATALOGUE.containsValue(id), profile.name() + " sets a level for '" + id + "', not a catalogue rule");
      }
    }
  }

  @Test
  void theCatalogueCopyIsWellFormed() {
    assertEquals(69, CATALOGUE.size());
    CATALOGUE.forEach(
        (code, id) -> {
          assertTrue(CODE.matcher(code).matches(), code);
          assertTrue(KEBAB_CASE.matcher(id).matches(), id);
        });
  }

  private static String codeOf(String id) {
    return CATALOGUE.entrySet().stream().filter(e -> e.getValue().equals(id)).findFirst().orElseThrow().getKey();
  }
}
