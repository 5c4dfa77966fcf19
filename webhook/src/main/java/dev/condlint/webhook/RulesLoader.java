package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigText;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.time.Clock;
import java.util.stream.Collectors;

/** Turns the text of a {@code .condlint.yaml} (the CLI's format) into the engine that applies it, and an engine into the admission code. */
final class RulesLoader {
  private final RuleRegistry registry;
  private final AdmissionMode mode;
  private final Clock clock;

  /** {@code clock} is the rules' "now" (the webhook's clock: the system's, a fixed one in tests). */
  RulesLoader(RuleRegistry registry, AdmissionMode mode, Clock clock) {
    this.registry = registry;
    this.mode = mode;
    this.clock = clock;
  }

  Engine defaults() {
    return new Engine(registry, Config.DEFAULT);
  }

  /** The engine for a configuration file; fails with every problem and where it is. */
  Engine load(String name, String text) {
    YamlDocuments.Loaded parsed = YamlDocuments.documents(name, text);
    ConfigText.Loaded loaded = ConfigText.load(parsed.documents(), parsed.problems());
    if (!loaded.ok()) {
      throw new IllegalArgumentException(loaded.problems().stream()
          .map(p -> p.describe(name))
          .collect(Collectors.joining("; ")));
    }
    return new Engine(registry, loaded.config());
  }

  Admission admission(Engine engine) {
    return new Admission(engine, mode, clock);
  }
}
