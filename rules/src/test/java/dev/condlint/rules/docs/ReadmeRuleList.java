package dev.condlint.rules.docs;

import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.RuleRegistry;
import java.util.Optional;

/** The short rule list of docs/rules-summary.md, kept between two marker comments. */
final class ReadmeRuleList {
  static final String BEGIN = "<!-- rules:begin -->";
  static final String END = "<!-- rules:end -->";

  private ReadmeRuleList() {}

  static String list(RuleRegistry registry) {
    StringBuilder md = new StringBuilder("| Code | Rule | Default | What it checks |\n|---|---|---|---|\n");
    for (Rule rule : registry.rules()) {
      RuleInfo info = rule.info();
      md.append("| ")
          .append(RuleReference.code(info))
          .append(" | [`")
          .append(info.id())
          .append("`](rules.md#")
          .append(info.id())
          .append(") | ")
          .append(RuleReference.defaultLevel(info))
          .append(" | ")
          .append(RuleReference.cell(info.title()))
          .append(" |\n");
    }
    return md.toString();
  }

  /** The README with the text between the markers replaced; empty when it lacks the markers. */
  static Optional<String> replace(String readme, String list) {
    int begin = readme.indexOf(BEGIN);
    int end = readme.indexOf(END);
    if (begin < 0 || end < begin) {
      return Optional.empty();
    }
    return Optional.of(readme.substring(0, begin + BEGIN.length()) + "\n" + list + readme.substring(end));
  }
}
