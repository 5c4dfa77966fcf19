package dev.condlint.cli.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.common.CompletionCandidates;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.report.Json;
import dev.condlint.cli.report.ListFormat;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.catalogue.Ruleset;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code condlint rules}: every rule with its id, default severity, scope and title. */
@Command(name = "rules", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Lists every rule: id, default severity, scope and title.")
public final class RulesCommand implements Callable<Integer> {
  private final Environment env;
  private final Ruleset ruleset;

  @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = CompletionCandidates.ListFormats.class,
      description = "text or json. Default: text.")
  ListFormat format = ListFormat.TEXT;

  @Mixin DebugOption debug;

  public RulesCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  @Override
  public Integer call() throws IOException {
    List<Rule> rules = ruleset.registry().rules();
    if (format == ListFormat.JSON) {
      writeJson(rules);
    } else {
      writeText(rules);
    }
    env.out().flush();
    return ExitCodes.CLEAN;
  }

  private void writeText(List<Rule> rules) {
    int idWidth = rules.stream().mapToInt(r -> r.id().length()).max().orElse(2);
    String row = "%-" + idWidth + "s  %-8s  %-3s  %-6s  %s%n";
    env.out().printf(row, "ID", "SEVERITY", "ON", "SCOPE", "TITLE");
    for (Rule r : rules) {
      RuleInfo info = r.info();
      env.out().printf(row, info.id(), info.severity().label(), info.onByDefault() ? "yes" : "no",
          info.scope().label(), info.title());
    }
  }

  private void writeJson(List<Rule> rules) throws IOException {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ArrayNode list = root.putArray("rules");
    for (Rule r : rules) {
      RuleInfo info = r.info();
      ObjectNode node = list.addObject();
      node.put("id", info.id());
      node.put("code", info.code());
      node.put("severity", info.severity().label());
      node.put("onByDefault", info.onByDefault());
      node.put("scope", info.scope().label());
      node.put("title", info.title());
      node.put("rationale", info.rationale());
      node.put("source", info.source());
    }
    Json.write(root, env.out());
  }
}
