package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.profile.Level;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The webhook's configuration, at start and at every reload, is read for the ruleset it runs. */
class RulesLoaderTest {
  private static final String CONFIG = "rules:\n  owner-named:\n    level: error\n    options: {owners: [team-a]}\n";

  @RuleInfo(id = "owner-named", title = "A condition names its owner", severity = Severity.INFO,
      scope = Scope.OBJECT, rationale = "Test double.", source = "RulesLoaderTest")
  static final class OwnerNamed implements ObjectRule, Configurable<OwnerNamed.Options> {
    record Options(@JsonPropertyDescription("The owners.") List<String> owners) {}

    @Override
    public Class<Options> optionsType() {
      return Options.class;
    }

    @Override
    public void check(ObjectCheck check) {}
  }

  private static RulesLoader loader(Ruleset ruleset) {
    return new RulesLoader(ruleset, AdmissionMode.WARN, Clock.systemUTC());
  }

  @Test
  void aRuleOfTheWebhooksOwnRulesetIsConfigured() {
    Engine engine = loader(Ruleset.builtIn().plusRules(List.of(new OwnerNamed()))).load("c.yaml", CONFIG);

    assertEquals(Map.of("owner-named", Level.ERROR), engine.config().ruleLevels());
  }

  @Test
  void theBuiltInRulesetRefusesIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> loader(Ruleset.builtIn()).load("c.yaml", CONFIG));

    assertEquals("c.yaml:2:3: Unknown rule 'owner-named' (`condlint rules` lists every rule id).", e.getMessage());
  }
}
