package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigText;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.time.Clock;
import java.util.stream.Collectors;

/**
 * Turns the text of a {@code .condlint.yaml} (the CLI's format) into the engine that applies it, both
 * for the one ruleset, and an engine into the admission code.
 */
final class RulesLoader {
  private final Ruleset ruleset;
  private final AdmissionMode mode;
  private final Clock clock;

  /** {@code clock} is the rules' "now" (the webhook's clock: the system's, a fixed one in tests). */
  RulesLoader(Ruleset ruleset, AdmissionMode mode, Clock clock) {
    this.ruleset = ruleset;
    this.mode = mode;
    this.clock = clock;
  }

  Engine defaults() {
    return new Engine(ruleset, Config.DEFAULT);
  }

  /** The engine for a configuration file; fails with every problem and where it is. */
  Engine load(String name, String text) {
    YamlDocuments.Loaded parsed = YamlDocuments.documents(name, text);
    ConfigText.Loaded loaded = ConfigText.load(parsed.documents(), parsed.problems(), ruleset);
    if (!loaded.ok()) {
      throw new IllegalArgumentException(loaded.problems().stream()
          .map(p -> p.describe(name))
          .collect(Collectors.joining("; ")));
    }
    return new Engine(ruleset, loaded.config());
  }

  Admission admission(Engine engine) {
    return new Admission(engine, mode, clock);
  }
}
