package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.rules.Engine;
import dev.condlint.rules.RuleRegistry;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.ConfigLoader;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.time.Clock;
import java.util.stream.Collectors;

/** Turns the text of a {@code .condlint.yaml} (the CLI's format) into the admission code that applies it. */
final class RulesLoader {
  private final RuleRegistry registry;
  private final AdmissionMode mode;

  RulesLoader(RuleRegistry registry, AdmissionMode mode) {
    this.registry = registry;
    this.mode = mode;
  }

  Admission defaults() {
    return admission(Config.DEFAULT);
  }

  /** The admission code for a configuration file; fails with every problem and where it is. */
  Admission load(String name, String text) {
    ParsedFile file = new YamlReader().read(name, text);
    if (!file.problems().isEmpty()) {
      throw new IllegalArgumentException(file.problems().stream()
          .map(p -> name + ":" + p.line() + ":" + p.column() + ": " + p.message())
          .collect(Collectors.joining("; ")));
    }
    if (file.documents().isEmpty()) {
      return defaults();
    }
    ParsedDocument document = file.documents().get(0);
    ConfigLoader.Result result = ConfigLoader.load(document.root());
    if (!result.ok()) {
      throw new IllegalArgumentException(result.problems().stream()
          .map(p -> name + document.position(p.pointer()).map(at -> ":" + at.line() + ":" + at.column()).orElse("")
              + ": " + p.message())
          .collect(Collectors.joining("; ")));
    }
    return admission(result.config());
  }

  private Admission admission(Config config) {
    return new Admission(new Engine(registry, config), mode, Clock.systemUTC());
  }
}
