package dev.condlint.rules.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.Precedence;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Keeps the precedence table of docs/contracts.md equal to what {@link Precedence} generates, and the
 * bases' order equal to the precedence's. {@code -Dcondlint.updateDocs=true} rewrites the table.
 */
class PrecedenceTableTest {
  private static final boolean UPDATE = Boolean.getBoolean("condlint.updateDocs");
  private static final Path CONTRACTS_MD = Path.of("../docs/contracts.md");

  @Test
  void theTableInContractsMdIsUpToDate() throws IOException {
    String page = Files.readString(CONTRACTS_MD, StandardCharsets.UTF_8);
    Optional<String> updated = PrecedenceTable.replace(page, PrecedenceTable.table());
    assertTrue(updated.isPresent(), CONTRACTS_MD + " lacks the precedence markers " + PrecedenceTable.BEGIN);
    if (UPDATE) {
      Files.writeString(CONTRACTS_MD, updated.get(), StandardCharsets.UTF_8);
      page = updated.get();
    }
    assertEquals(updated.get(), page, CONTRACTS_MD + "'s precedence table is out of date; run the command in "
        + PrecedenceTable.BEGIN);
  }

  @Test
  void theTableListsEverySourceStrongestFirst() {
    String table = PrecedenceTable.table();

    assertTrue(table.startsWith("| | Source | Basis | Why it ranks here |\n|---|---|---|---|\n"
        + "| 1 | [Your configuration](#in-your-condlintyaml) | `config` | "), table);
    assertTrue(table.contains("\n| 6 | [The object's profile](#the-objects-profile) | `config` or `catalogue` | "),
        table);
    assertEquals(Precedence.values().length + 2, table.split("\n").length);
  }

  @Test
  void theBasesAreInTheOrderOfTheSourcesThatGiveThem() {
    Set<ContractBasis.Source> firstGiven = new LinkedHashSet<>();
    for (Precedence p : Precedence.values()) {
      firstGiven.addAll(p.bases());
    }

    assertEquals(List.of(ContractBasis.Source.values()), List.copyOf(firstGiven));
  }

  @Test
  void onlyTheTextBetweenTheMarkersIsReplaced() {
    String page = "# Contracts\n" + PrecedenceTable.BEGIN + "\nold\n" + PrecedenceTable.END + "\nafter\n";

    assertEquals(Optional.of("# Contracts\n" + PrecedenceTable.BEGIN + "\n| new |\n" + PrecedenceTable.END + "\nafter\n"),
        PrecedenceTable.replace(page, "| new |\n"));
    assertEquals(Optional.empty(), PrecedenceTable.replace("# Contracts\n", "| new |\n"));
  }
}
