package dev.condlint.rules.docs;

import dev.condlint.rules.api.Configurable;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.RuleOptions;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.testing.RuleExample;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes {@code docs/rules.md} from the registry: a table of contents, then per rule its metadata,
 * its level in every profile, and its failing and passing examples with the findings they produce.
 */
final class RuleReference {
  static final String REGENERATE =
      "./mvnw -pl rules -am test -Dtest=RuleReferenceTest -Dsurefire.failIfNoSpecifiedTests=false"
          + " -Dcondlint.updateDocs=true";

  static final String EXAMPLE_MISSING = "(example missing)";

  private final Ruleset ruleset;
  private final RuleRegistry registry;
  private final Engine defaults;

  RuleReference(Ruleset ruleset) {
    this.ruleset = ruleset;
    this.registry = ruleset.registry();
    this.defaults = new Engine(ruleset, Config.DEFAULT);
  }

  String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# condlint rule reference\n\n")
        .append("<!-- Generated from the rules' metadata and examples by RuleReferenceTest; do not edit.\n")
        .append("     Regenerate with: ")
        .append(REGENERATE)
        .append(" -->\n\n")
        .append("condlint has ")
        .append(registry.rules().size())
        .append(" rules. Each section gives the rule's level in every profile (`off`: the rule does not")
        .append(" run), why the convention exists, where it comes from, and two examples that the test")
        .append(" suite runs: a failing one with exactly the findings it produces")
        .append(" (`LINE:COLUMN SEVERITY RULE POINTER MESSAGE`), and a passing one.")
        .append(" [configuration.md](configuration.md) explains how to choose a profile and change a")
        .append(" rule's level.\n\n");
    md.append("| Code | Rule | Scope | Default | Title |\n|---|---|---|---|---|\n");
    for (Rule rule : registry.rules()) {
      RuleInfo info = rule.info();
      md.append("| ")
          .append(code(info))
          .append(" | [`")
          .append(info.id())
          .append("`](#")
          .append(info.id())
          .append(") | ")
          .append(info.scope().label())
          .append(" | ")
          .append(defaultLevel(info))
          .append(" | ")
          .append(cell(info.title()))
          .append(" |\n");
    }
    for (Rule rule : registry.rules()) {
      md.append('\n');
      section(rule, md);
    }
    // Every block ends with a blank line; the file ends with one newline.
    return md.toString().stripTrailing() + "\n";
  }

  private void section(Rule rule, StringBuilder md) {
    RuleInfo info = rule.info();
    md.append("<a id=\"").append(info.id()).append("\"></a>\n\n")
        .append("## ")
        .append(info.code().isEmpty() ? "" : info.code() + " ")
        .append('`')
        .append(info.id())
        .append("`: ")
        .append(info.title())
        .append("\n\n")
        .append("Scope: ")
        .append(info.scope().label())
        .append(". Default severity: ")
        .append(defaultLevel(info))
        .append('.')
        .append(notes(info))
        .append("\n\n");
    levels(rule, md);
    md.append("**Why.** ").append(info.rationale()).append("\n\n");
    md.append("**Source.** ").append(info.source()).append("\n\n");
    if (rule instanceof Configurable<?> configurable) {
      md.append("**Options** (`rules.").append(info.id()).append(".options` in `.condlint.yaml`; no other key is"
          + " accepted):\n\n");
      for (RuleOptions.Option option : RuleOptions.describe(configurable.optionsType())) {
        md.append("- `").append(option.key()).append("`, ").append(option.inWords()).append(": ")
            .append(option.description()).append('\n');
      }
      md.append('\n');
    }
    RuleExample failing = RuleExample.failing(rule);
    failing.configText().ifPresent(config -> {
      md.append("**Configuration.** The examples run with this `.condlint.yaml` beside them:\n\n");
      fence("yaml", config, md);
    });
    example(failing, "Failing example", "Findings:", info.scope(), md);
    example(RuleExample.passing(rule), "Passing example", "Findings of other rules:", info.scope(), md);
  }

  private void levels(Rule rule, StringBuilder md) {
    List<Profile> profiles = ruleset.profiles();
    md.append(profiles.stream().map(p -> "| " + p.name() + " ").collect(Collectors.joining())).append("|\n");
    md.append("|---".repeat(profiles.size())).append("|\n");
    md.append(
            profiles.stream()
                .map(p -> "| " + defaults.levelOf(rule, p).label() + " ")
                .collect(Collectors.joining()))
        .append("|\n\n");
  }

  private static void example(RuleExample example, String heading, String findingsLabel, Scope scope, StringBuilder md) {
    md.append("### ").append(heading).append("\n\n");
    if (!example.exists()) {
      md.append(EXAMPLE_MISSING).append("\n\n");
      return;
    }
    if (scope == Scope.UPDATE) {
      md.append("The old object, then the new one:\n\n");
    }
    // The example without its markers, and the findings the engine gives it: the markers only assert them.
    fence("yaml", example.text(), md);
    List<String> findings = example.findingLines();
    if (!findings.isEmpty()) {
      md.append(findingsLabel).append("\n\n");
      fence("text", String.join("\n", findings), md);
    }
  }

  private static void fence(String language, String body, StringBuilder md) {
    String text = body.endsWith("\n") ? body : body + "\n";
    md.append("```").append(language).append('\n').append(text).append("```\n\n");
  }

  private static String notes(RuleInfo info) {
    StringBuilder notes = new StringBuilder();
    if (info.needsSource()) {
      notes.append(" File linter only: it needs the YAML source, which the webhook does not see.");
    }
    if (!info.builtinKinds()) {
      notes.append(" Skips built-in kinds (Pod, Node, Deployment, ...), whose condition types are not metav1.Condition.");
    }
    return notes.toString();
  }

  static String code(RuleInfo info) {
    return info.code().isEmpty() ? "—" : info.code();
  }

  static String defaultLevel(RuleInfo info) {
    return info.onByDefault() ? info.severity().label() : "off (" + info.severity().label() + " when on)";
  }

  static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
