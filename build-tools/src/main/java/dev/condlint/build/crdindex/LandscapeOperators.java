package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The population of the CRD index's {@code landscape-operators} sources, drawn from the CNCF Cloud
 * Native Landscape's {@code landscape.yml}: the open-source Kubernetes operators that are not CNCF
 * projects. An item is a candidate when
 * <ol>
 *   <li>it has no {@code project:} field (CNCF projects are another population's),</li>
 *   <li>its repository is a GitHub repository: {@code repo_url}, or {@code homepage_url} where it has no
 *       {@code repo_url}, is {@code https://github.com/OWNER/NAME} (an organisation's address names no
 *       repository), and</li>
 *   <li>it is operator software: the repository's name or the item's name contains "operator" (any
 *       case), or else the landscape's own text about it (its {@code description}, and every value of
 *       its {@code extra} fields: summaries, personas, chart addresses) has the word "operator(s)",
 *       "custom resource(s)" or "CRD(s)". The second test is wide on purpose (a persona "Enterprise
 *       Operators" passes it): a candidate that is no operator is read and skipped, with the reason,
 *       where a narrow test would drop an operator unread.</li>
 * </ol>
 * No category or subcategory of the landscape is made of operators alone (Database, Cloud Native
 * Storage and the others hold the databases and products beside their operators), so none is taken
 * whole. A repository listed twice is one candidate, at its first item.
 *
 * <p>With {@code --sources} and {@code --population}, each candidate is printed with what became of it:
 * the id of its source in {@code sources.json} (an entry whose {@code population} is this one), or the
 * reason the population file gives for skipping it. A candidate with neither (new in the landscape since
 * the population was last read), and a decision whose repository is no candidate any more, are listed
 * and the exit status is 1: a refresh reads those repositories and records what it found. Exit status
 * 0 when every candidate is decided, 2 for a usage error.
 *
 * <pre>
 * LandscapeOperators --landscape landscape.yml \
 *     [--sources build-tools/crd-index/sources.json --population build-tools/crd-index/populations/landscape-operators.json]
 * </pre>
 */
public final class LandscapeOperators {
  /** This population's marker on its entries of {@code sources.json}. */
  static final String POPULATION = "landscape-operators";

  private static final Pattern GITHUB_REPOSITORY =
      Pattern.compile("^https?://(?:www\\.)?github\\.com/([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\\.git)?/?$");
  private static final Pattern OPERATOR_DESCRIPTION =
      Pattern.compile("\\boperators?\\b|\\bcustom resources?\\b|\\bCRDs?\\b", Pattern.CASE_INSENSITIVE);

  /** One candidate: its repository (OWNER/NAME as the landscape spells it), its item and why it is one. */
  record Candidate(String repository, String item, String category, String subcategory, String matchedBy) {}

  private LandscapeOperators() {}

  public static void main(String[] args) throws IOException {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    Map<String, Path> files = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      String arg = args[i];
      if (!List.of("--landscape", "--sources", "--population").contains(arg)) {
        return usage(err, "unknown argument " + arg);
      }
      if (i + 1 >= args.length) {
        return usage(err, "missing value after " + arg);
      }
      files.put(arg, Path.of(args[i + 1]));
    }
    Path landscape = files.get("--landscape");
    if (landscape == null) {
      return usage(err, "--landscape is required");
    }
    if (files.containsKey("--sources") != files.containsKey("--population")) {
      return usage(err, "--sources and --population go together");
    }
    for (Path file : files.values()) {
      if (!Files.isRegularFile(file)) {
        return usage(err, file + ": no such file");
      }
    }
    YamlDocuments.Loaded loaded = YamlDocuments.documents(landscape.toString(), Files.readString(landscape));
    if (!loaded.problems().isEmpty() || loaded.documents().size() != 1) {
      loaded.problems().forEach(p -> err.println(landscape + ":" + p.at().line() + ":" + p.at().column() + ": " + p.message()));
      return usage(err, landscape + ": not one YAML document");
    }
    List<Candidate> candidates = candidates(loaded.documents().get(0).object());
    if (!files.containsKey("--sources")) {
      out.println("# " + candidates.size() + " candidates of " + landscape);
      candidates.forEach(c -> out.println(line(c, "")));
      return 0;
    }
    ObjectMapper json = new ObjectMapper();
    Map<String, Decision> decisions = decisions(json.readTree(files.get("--sources").toFile()),
        json.readTree(files.get("--population").toFile()));
    int added = 0;
    int skipped = 0;
    List<String> undecided = new ArrayList<>();
    out.println("# " + candidates.size() + " candidates of " + landscape);
    for (Candidate c : candidates) {
      Decision decided = decisions.remove(c.repository().toLowerCase(Locale.ROOT));
      String decision = decided == null ? null : decided.text();
      if (decision == null) {
        undecided.add(c.repository());
        out.println(line(c, "UNDECIDED"));
      } else {
        out.println(line(c, decision));
        if (decision.startsWith("source ")) {
          added++;
        } else {
          skipped++;
        }
      }
    }
    out.println("# " + added + " sources, " + skipped + " skipped, " + undecided.size() + " undecided");
    undecided.forEach(r -> err.println(r + ": a candidate without a source or a skip (read it, and record which)"));
    decisions.values().forEach(d -> err.println(d.repository() + ": decided in the population, but no candidate of " + landscape));
    return undecided.isEmpty() && decisions.isEmpty() ? 0 : 1;
  }

  /** The candidates of a parsed {@code landscape.yml}, by repository without regard to case. */
  static List<Candidate> candidates(JsonNode landscape) {
    Map<String, Candidate> byRepository = new LinkedHashMap<>();
    for (JsonNode category : landscape.path("landscape")) {
      for (JsonNode subcategory : category.path("subcategories")) {
        for (JsonNode item : subcategory.path("items")) {
          candidate(item, category.path("name").asText(), subcategory.path("name").asText())
              .ifPresent(c -> byRepository.putIfAbsent(c.repository().toLowerCase(Locale.ROOT), c));
        }
      }
    }
    List<Candidate> out = new ArrayList<>(byRepository.values());
    out.sort(Comparator.comparing(c -> c.repository().toLowerCase(Locale.ROOT)));
    return out;
  }

  private static Optional<Candidate> candidate(JsonNode item, String category, String subcategory) {
    if (item.has("project")) {
      return Optional.empty();
    }
    String address = item.hasNonNull("repo_url") ? item.get("repo_url").asText() : item.path("homepage_url").asText("");
    Matcher repository = GITHUB_REPOSITORY.matcher(address.trim());
    if (!repository.matches()) {
      return Optional.empty();
    }
    String name = item.path("name").asText();
    String matchedBy;
    if (repository.group(2).toLowerCase(Locale.ROOT).contains("operator") || name.toLowerCase(Locale.ROOT).contains("operator")) {
      matchedBy = "name";
    } else if (OPERATOR_DESCRIPTION.matcher(text(item.path("description")) + "\n" + text(item.path("extra"))).find()) {
      matchedBy = "text";
    } else {
      return Optional.empty();
    }
    return Optional.of(new Candidate(repository.group(1) + "/" + repository.group(2), name, category, subcategory, matchedBy));
  }

  /** The text of a scalar, or of every scalar below a mapping or sequence, a line each. */
  private static String text(JsonNode node) {
    if (node.isContainerNode()) {
      StringBuilder out = new StringBuilder();
      node.elements().forEachRemaining(child -> out.append(text(child)).append('\n'));
      return out.toString();
    }
    return node.isMissingNode() || node.isNull() ? "" : node.asText();
  }

  /** What became of a repository, as sources.json or the population file records it. */
  private record Decision(String repository, String text) {}

  /** What became of each repository, by its name in lower case: "source ID" or "skipped: WHY". */
  private static Map<String, Decision> decisions(JsonNode sources, JsonNode population) {
    Map<String, Decision> out = new LinkedHashMap<>();
    for (JsonNode source : sources.path("sources")) {
      if (POPULATION.equals(source.path("population").asText())) {
        String repository = source.path("repository").asText();
        out.put(repository.toLowerCase(Locale.ROOT), new Decision(repository, "source " + source.path("id").asText()));
      }
    }
    for (JsonNode skip : population.path("skipped")) {
      String repository = skip.path("repository").asText();
      out.putIfAbsent(repository.toLowerCase(Locale.ROOT), new Decision(repository, "skipped: " + skip.path("why").asText()));
    }
    return out;
  }

  private static String line(Candidate c, String decision) {
    return String.join("\t", c.repository(), c.item(), c.category() + " / " + c.subcategory(), c.matchedBy(), decision)
        .stripTrailing();
  }

  private static int usage(PrintStream err, String problem) {
    err.println("LandscapeOperators: " + problem);
    err.println("usage: LandscapeOperators --landscape landscape.yml [--sources sources.json --population POPULATION.json]");
    return 2;
  }
}
