package dev.condlint.build.crdindex;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The population of the CRD index's {@code awesome-operators} sources: the operators listed by
 * github.com/operator-framework/awesome-operators (README.md at f5a6dbeb8369, 2021-08-02, the list's last
 * commit before it was archived in favour of operatorhub.io), a public list its community kept.
 *
 * <p>The rule, stated before any repository was read: every {@code https://github.com/OWNER/NAME} link of
 * README.md, in the order the text has them (a link to a path inside a repository, such as
 * {@code .../tree/master/...}, names its repository; a repository linked twice is one candidate, at its
 * first link). None is skipped by name: a link that is no operator (the Operator SDK in the introduction)
 * is read like the others and its outcome says what it holds. Each candidate is then read: a source where
 * its own published CRDs add a kind version with condition lists that no earlier source has, or a line in
 * {@code awesome-outcomes.tsv} saying why not.
 *
 * <pre>
 * AwesomeOperators README.md COMMIT > build-tools/crd-index/awesome-population.tsv
 * </pre>
 */
public final class AwesomeOperators {
  /** This population's marker on its entries of {@code sources.json}. */
  static final String POPULATION = "awesome-operators";

  private static final Pattern GITHUB_LINK =
      Pattern.compile("https?://(?:www\\.)?github\\.com/([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)");

  private AwesomeOperators() {}

  public static void main(String[] args) throws IOException {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    if (args.length != 2) {
      err.println("usage: AwesomeOperators README.md COMMIT");
      return 2;
    }
    out.print(table(Files.readString(Path.of(args[0])), args[1]));
    return 0;
  }

  /** The candidates' table: a comment naming the list, a header, then one row per repository in list order. */
  static String table(String readme, String commit) {
    StringBuilder out = new StringBuilder();
    out.append("# operator-framework/awesome-operators@").append(commit)
        .append(" README.md: every https://github.com/OWNER/NAME link, in list order, each repository once\n");
    out.append("position\trepository\tline\n");
    int position = 0;
    for (Map.Entry<String, Integer> candidate : candidates(readme).entrySet()) {
      out.append(++position).append('\t').append(candidate.getKey()).append('\t').append(candidate.getValue()).append('\n');
    }
    return out.toString();
  }

  /** Each repository (OWNER/NAME as first linked) with the line of its first link, in list order. */
  static Map<String, Integer> candidates(String readme) {
    Map<String, Integer> out = new LinkedHashMap<>();
    List<String> seen = new ArrayList<>();
    String[] lines = readme.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher link = GITHUB_LINK.matcher(lines[i]);
      while (link.find()) {
        String name = link.group(2).endsWith(".git") ? link.group(2).substring(0, link.group(2).length() - 4) : link.group(2);
        String repository = link.group(1) + "/" + name;
        String key = repository.toLowerCase(Locale.ROOT);
        if (!seen.contains(key)) {
          seen.add(key);
          out.put(repository, i + 1);
        }
      }
    }
    return out;
  }
}
