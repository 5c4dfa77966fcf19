package dev.condlint.rules.docs;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.Precedence;
import java.util.Optional;
import java.util.stream.Collectors;

/** The precedence table of docs/contracts.md, generated from {@link Precedence} between two marker comments. */
final class PrecedenceTable {
  static final String BEGIN = "<!-- precedence:begin: generated from the rules' Precedence by "
      + "./mvnw -pl rules -am test -Dtest=PrecedenceTableTest -Dsurefire.failIfNoSpecifiedTests=false"
      + " -Dcondlint.updateDocs=true -->";
  static final String END = "<!-- precedence:end -->";

  private PrecedenceTable() {}

  static String table() {
    StringBuilder md = new StringBuilder("| | Source | Basis | Why it ranks here |\n|---|---|---|---|\n");
    for (Precedence p : Precedence.values()) {
      md.append("| ").append(p.ordinal() + 1)
          .append(" | [").append(p.title()).append("](").append(p.details()).append(")")
          .append(" | ").append(p.bases().stream().map(ContractBasis.Source::label)
              .map(l -> "`" + l + "`").collect(Collectors.joining(" or ")))
          .append(" | ").append(p.why())
          .append(" |\n");
    }
    return md.toString();
  }

  /** The page with the text between the markers replaced by the table; empty when it lacks the markers. */
  static Optional<String> replace(String page, String table) {
    int begin = page.indexOf(BEGIN);
    int end = page.indexOf(END);
    if (begin < 0 || end < begin) {
      return Optional.empty();
    }
    return Optional.of(page.substring(0, begin + BEGIN.length()) + "\n" + table + page.substring(end));
  }
}
