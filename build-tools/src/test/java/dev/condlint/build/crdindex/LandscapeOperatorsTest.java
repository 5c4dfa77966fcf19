package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The landscape-operators population on a made-up landscape.yml ({@code src/test/resources/landscape-operators}):
 * a CNCF project, a GitLab repository and an organisation's address that are no candidates; a repository named
 * an operator, one found by its item's name through its homepage, by its description, by an extra field and by
 * "CRDs"; a "cooperator" that is no operator; a repository listed twice in two spellings. Then the committed
 * population against sources.json and NOTICE.
 */
class LandscapeOperatorsTest {
  private static final Path FIXTURE = Path.of("src/test/resources/landscape-operators");
  private static final String LANDSCAPE = FIXTURE.resolve("landscape.yml").toString();

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) throws IOException {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int exit = LandscapeOperators.run(args, new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8));
    return new Run(exit, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
  }

  @Test
  void listsTheCandidatesByRepositoryWithWhyEachIsOne() throws IOException {
    Run run = run("--landscape", LANDSCAPE);
    assertEquals(new Run(0, """
        # 5 candidates of %s
        acme/widgets\tWidgets\tWasm / Orchestration & Management\ttext
        docdb/docdb\tDocDB\tRuntime / Database\ttext
        Example/bucket\tBucket Operator\tRuntime / Cloud Native Storage\tname
        example/tank-operator\tTank\tRuntime / Cloud Native Storage\tname
        vectors/vectors\tVectors\tRuntime / Database\ttext
        """.formatted(LANDSCAPE), ""), run);
  }

  @Test
  void namesWhatBecameOfEachCandidateAndFailsOnAnUndecidedOneOrAStaleDecision() throws IOException {
    Run run = run("--landscape", LANDSCAPE, "--sources", FIXTURE.resolve("sources.json").toString(),
        "--population", FIXTURE.resolve("population.json").toString());
    assertEquals(new Run(1, """
        # 5 candidates of %1$s
        acme/widgets\tWidgets\tWasm / Orchestration & Management\ttext\tsource widgets
        docdb/docdb\tDocDB\tRuntime / Database\ttext\tUNDECIDED
        Example/bucket\tBucket Operator\tRuntime / Cloud Native Storage\tname\tskipped: publishes no CRD
        example/tank-operator\tTank\tRuntime / Cloud Native Storage\tname\tsource tank
        vectors/vectors\tVectors\tRuntime / Database\ttext\tskipped: publishes no CRD
        # 2 sources, 2 skipped, 1 undecided
        """.formatted(LANDSCAPE), """
        docdb/docdb: a candidate without a source or a skip (read it, and record which)
        gone/gone-operator: decided in the population, but no candidate of %1$s
        """.formatted(LANDSCAPE)), run);
  }

  @Test
  void refusesSourcesWithoutThePopulationFile() throws IOException {
    Run run = run("--landscape", LANDSCAPE, "--sources", FIXTURE.resolve("sources.json").toString());
    assertEquals(new Run(2, "", """
        LandscapeOperators: --sources and --population go together
        usage: LandscapeOperators --landscape landscape.yml [--sources sources.json --population POPULATION.json]
        """), run);
  }

  /** Each source of the population is licensed in NOTICE, and no repository is both a source and skipped. */
  @Test
  void theCommittedPopulationIsInNoticeAndDecidesEachRepositoryOnce() throws IOException {
    ObjectMapper json = new ObjectMapper();
    JsonNode sources = json.readTree(Path.of("crd-index/sources.json").toFile());
    JsonNode population = json.readTree(Path.of("crd-index/populations/landscape-operators.json").toFile());
    String notice = Files.readString(Path.of("../NOTICE")).replaceAll("\\s+", " ");
    List<String> decided = new ArrayList<>();
    for (JsonNode source : sources.path("sources")) {
      if (LandscapeOperators.POPULATION.equals(source.path("population").asText())) {
        String repository = source.path("repository").asText();
        decided.add(repository.toLowerCase(Locale.ROOT));
        assertTrue(notice.contains("https://github.com/" + repository + " at " + source.path("commit").asText()),
            repository + "@" + source.path("commit").asText() + " is not in NOTICE");
      }
    }
    population.path("skipped").forEach(s -> decided.add(s.path("repository").asText().toLowerCase(Locale.ROOT)));
    assertEquals(decided.stream().distinct().toList(), decided);
    assertEquals(13, decided.size());
  }
}
