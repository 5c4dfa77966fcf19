package dev.condlint.rules.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.Profile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The levels kept per profile are each rule's level for that very profile instance. */
class RuleLevelsTest {
  private static final Ruleset RULESET = Ruleset.builtIn();

  private static Profile profile(String name, Map<String, Level> levels) {
    return new Profile(name, "a profile of this test", levels, RULESET.profile("k8s").orElseThrow().settings());
  }

  @Test
  void eachRuleHasItsLevelForTheProfile() {
    RuleLevels levels = new RuleLevels(RULESET.registry(), Config.DEFAULT);
    List<RuleLevels.Entry> entries = levels.entries();
    String first = entries.get(0).id();
    Profile off = profile("p", Map.of(first, Level.OFF));
    Level[] kept = levels.levelsFor(off);
    assertEquals(entries.size(), kept.length);
    for (int i = 0; i < entries.size(); i++) {
      assertEquals(RuleLevels.levelOf(entries.get(i), off), kept[i], entries.get(i).id());
    }
    assertEquals(Level.OFF, kept[0]);
  }

  @Test
  void anotherProfileOfTheSameNameIsNotGivenTheFirstOnesLevels() {
    RuleLevels levels = new RuleLevels(RULESET.registry(), Config.DEFAULT);
    String first = levels.entries().get(0).id();
    Profile off = profile("p", Map.of(first, Level.OFF));
    Profile info = profile("p", Map.of(first, Level.INFO));
    assertEquals(Level.OFF, levels.levelsFor(off)[0]);
    assertEquals(Level.INFO, levels.levelsFor(info)[0]);
    assertEquals(Level.OFF, levels.levelsFor(off)[0]);
  }

  @Test
  void aConfiguredLevelBeatsTheProfiles() {
    String first = RULESET.registry().rules().get(0).id();
    Config config = Config.DEFAULT.withRuleLevel(first, Level.WARNING);
    RuleLevels levels = new RuleLevels(RULESET.registry(), config);
    assertEquals(Level.WARNING, levels.levelsFor(profile("p", Map.of(first, Level.OFF)))[0]);
  }
}
