package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.cli.input.ConfigFile;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.Catalogue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every example of docs/contracts.md, and the configuration examples of docs/cli.md, is checked as it
 * stands in the doc. A YAML example names the file it is in its first line ({@code # backup.yaml},
 * {@code # .condlint.yaml}); a {@code .condlint.yaml} loads through the CLI's loader without a problem.
 * A {@code console} example runs each {@code $ condlint ...} line in a folder that holds every file example
 * above it (a later one of the same name replaces an earlier one), and must print exactly the lines below
 * it; {@code -Dcondlint.updateDocs=true} rewrites those lines with what condlint prints. A JSON example is
 * an entry or a family of the built-in catalogue, as its files hold it.
 */
class ContractsDocTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path CONTRACTS = ROOT.resolve("docs/contracts.md");
  private static final boolean UPDATE = Boolean.getBoolean("condlint.updateDocs");
  private static final String CATALOGUE = "/dev/condlint/rules/contract/catalogue/";
  private static final String PROMPT = "$ condlint ";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyExampleIsOfAKindThisTestChecks() {
    List<String> unchecked = new ArrayList<>();
    for (DocBlocks.Block block : DocBlocks.of(CONTRACTS)) {
      boolean checked = switch (block.info()) {
        case "yaml" -> block.fileName().isPresent();
        case "console" -> !block.lines().isEmpty() && block.lines().get(0).startsWith(PROMPT);
        case "json" -> true;
        // A command's synopsis: theSynopsisNamesOnlyOptionsTheCommandHas checks it.
        case "" -> block.lines().size() == 1 && block.lines().get(0).startsWith("condlint ");
        default -> false;
      };
      if (!checked) {
        unchecked.add("docs/contracts.md:" + block.line() + " ```" + block.info());
      }
    }
    assertEquals(List.of(), unchecked, "examples that name no file, run no condlint command or are of no known kind");
  }

  @Test
  void theSynopsesNameOnlyOptionsTheirCommandHas(@TempDir Path dir) {
    List<String> synopses = DocBlocks.of(CONTRACTS).stream()
        .filter(b -> b.info().isEmpty())
        .map(b -> b.lines().get(0))
        .toList();
    // explain's, and contracts export's.
    assertEquals(2, synopses.size(), synopses.toString());
    for (String synopsis : synopses) {
      List<String> command = new ArrayList<>();
      for (String word : synopsis.split("\\s+")) {
        if (word.startsWith("-") || word.startsWith("[") || Character.isUpperCase(word.charAt(0))) {
          break;
        }
        command.add(word);
      }
      command.remove(0);
      command.add("--help");
      CliRun.Result help = CliRun.withBuiltInRules(dir).run(command.toArray(String[]::new));
      assertEquals(0, help.exit(), help.err());
      for (String option : synopsis.replaceAll("[^-a-z ]", " ").split("\\s+")) {
        if (option.startsWith("-")) {
          assertTrue(help.out().contains(" " + option + "=") || help.out().contains(" " + option + ",")
                  || help.out().contains(" " + option + "["),
              synopsis + ": no option " + option);
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"docs/contracts.md", "docs/cli.md"})
  void everyConfigurationExampleLoads(String doc, @TempDir Path dir) throws IOException {
    List<String> problems = new ArrayList<>();
    int contracts = 0;
    for (DocBlocks.Block block : DocBlocks.of(ROOT.resolve(doc))) {
      if (!block.info().equals("yaml") || !block.fileName().filter(ConfigFile.NAME::equals).isPresent()) {
        continue;
      }
      Path file = dir.resolve(ConfigFile.NAME);
      Files.writeString(file, block.text(), StandardCharsets.UTF_8);
      ConfigFile.Loaded loaded = ConfigFile.load(file, ConfigFile.NAME, Ruleset.builtIn());
      loaded.errors().forEach(e -> problems.add(doc + ":" + block.line() + ": " + e.message()));
      if (block.lines().contains("contracts:")) {
        assertFalse(loaded.config().contracts().isEmpty(), doc + ":" + block.line() + " declares no contract");
        contracts++;
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(contracts >= 1, doc + " shows no contracts entry in a .condlint.yaml");
  }

  @Test
  void theConsoleExamplesPrintWhatTheDocShows(@TempDir Path dir) throws IOException {
    List<String> doc = Files.readAllLines(CONTRACTS, StandardCharsets.UTF_8);
    List<String> updated = new ArrayList<>();
    List<Executable> checks = new ArrayList<>();
    int copied = 0;
    for (DocBlocks.Block block : DocBlocks.of(doc)) {
      int bodyStart = block.line();
      updated.addAll(doc.subList(copied, bodyStart));
      copied = bodyStart + block.lines().size();
      if (block.info().equals("yaml") && block.fileName().isPresent()) {
        Path file = dir.resolve(block.fileName().get());
        Files.createDirectories(file.getParent());
        Files.writeString(file, block.text(), StandardCharsets.UTF_8);
      }
      if (!block.info().equals("console")) {
        updated.addAll(block.lines());
        continue;
      }
      for (Command command : Command.parse(block)) {
        CliRun.Result r = CliRun.withBuiltInRules(dir).run(command.arguments());
        String where = "docs/contracts.md:" + command.line() + ": " + command.prompt();
        checks.add(() -> assertEquals("", r.err(), where + " writes to standard error"));
        checks.add(() -> assertEquals(command.shown(), r.out(), where));
        updated.add(command.prompt());
        updated.addAll(r.out().lines().toList());
      }
    }
    updated.addAll(doc.subList(copied, doc.size()));
    if (UPDATE) {
      Files.writeString(CONTRACTS, String.join("\n", updated) + "\n", StandardCharsets.UTF_8);
    }
    assertTrue(checks.size() >= 8, "docs/contracts.md runs fewer examples than it did: " + checks.size() / 2);
    assertAll(checks);
  }

  @Test
  void theCatalogueExamplesAreAsTheCatalogueHoldsThem() throws IOException {
    List<JsonNode> families = new ArrayList<>();
    read("families.json").path("families").forEach(families::add);
    List<JsonNode> entries = new ArrayList<>();
    for (JsonNode name : read("index.json").path("entries")) {
      read(name.asText()).path("entries").forEach(entries::add);
    }
    Set<String> shown = new java.util.TreeSet<>();
    for (DocBlocks.Block block : DocBlocks.of(CONTRACTS)) {
      if (!block.info().equals("json")) {
        continue;
      }
      JsonNode example = JSON.readTree(block.text());
      boolean family = example.has("id");
      assertTrue((family ? families : entries).contains(example),
          "docs/contracts.md:" + block.line() + " is no " + (family ? "family" : "entry") + " of the catalogue as it is");
      shown.add(family ? "family" : "entry");
    }
    assertEquals(Set.of("entry", "family"), shown);
    assertFalse(Ruleset.builtIn().catalogue().entries().isEmpty());
  }

  private static JsonNode read(String name) throws IOException {
    try (InputStream in = Catalogue.class.getResourceAsStream(CATALOGUE + name)) {
      assertTrue(in != null, "missing " + CATALOGUE + name);
      return JSON.readTree(in);
    }
  }

  /** One {@code $ condlint ...} line of a console example and the output shown below it. */
  private record Command(int line, String prompt, String shown) {
    String[] arguments() {
      return prompt.substring(PROMPT.length()).trim().split("\\s+");
    }

    static List<Command> parse(DocBlocks.Block block) {
      List<Command> commands = new ArrayList<>();
      List<String> lines = block.lines();
      for (int i = 0; i < lines.size(); i++) {
        if (!lines.get(i).startsWith(PROMPT)) {
          continue;
        }
        int start = i;
        List<String> output = new ArrayList<>();
        while (i + 1 < lines.size() && !lines.get(i + 1).startsWith(PROMPT)) {
          output.add(lines.get(++i));
        }
        String shown = output.isEmpty() ? "" : String.join("\n", output) + "\n";
        commands.add(new Command(block.line() + 1 + start, lines.get(start), shown));
      }
      return commands;
    }
  }

  @Test
  void aCommandIsTheArgumentsAfterThePromptAndTheLinesBelowIt() {
    DocBlocks.Block block = new DocBlocks.Block(10, "console",
        List.of("$ condlint lint  a.yaml", "a.yaml: one", "", "$ condlint explain Pod"));

    List<Command> commands = Command.parse(block);

    assertEquals(List.of(new Command(11, "$ condlint lint  a.yaml", "a.yaml: one\n\n"),
        new Command(14, "$ condlint explain Pod", "")), commands);
    assertEquals(List.of("lint", "a.yaml"), Arrays.asList(commands.get(0).arguments()));
  }
}
