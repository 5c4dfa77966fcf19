package dev.condlint.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/*.md names a file or directory of the repository, and a
 * {@code #fragment} names a heading of the Markdown file it points to (as GitHub makes heading anchors:
 * lower case, punctuation dropped, blanks to hyphens, {@code -1}, {@code -2} for repeats) or an
 * {@code <a id>} of it. Links in
 * code blocks and inline code are text, not links.
 */
class DocLinksTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("(?<!!)\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern EXPLICIT_ANCHOR = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

  private static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The lines outside fenced code blocks, with inline code removed. */
  private static List<String> prose(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    String fence = null;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String trimmed = line.stripLeading();
      if (fence == null && (trimmed.startsWith("```") || trimmed.startsWith("~~~"))) {
        fence = trimmed.substring(0, 3);
        out.add("");
      } else if (fence != null) {
        if (trimmed.startsWith(fence)) {
          fence = null;
        }
        out.add("");
      } else {
        out.add(line.replaceAll("`[^`]*`", "``"));
      }
    }
    return out;
  }

  static Set<String> anchors(Path markdown) throws IOException {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    String fence = null;
    for (String line : Files.readAllLines(markdown, StandardCharsets.UTF_8)) {
      String trimmed = line.stripLeading();
      if (fence == null && (trimmed.startsWith("```") || trimmed.startsWith("~~~"))) {
        fence = trimmed.substring(0, 3);
        continue;
      }
      if (fence != null) {
        if (trimmed.startsWith(fence)) {
          fence = null;
        }
        continue;
      }
      Matcher a = EXPLICIT_ANCHOR.matcher(line);
      while (a.find()) {
        anchors.add(a.group(1));
      }
      Matcher h = HEADING.matcher(line);
      if (h.matches()) {
        String slug = slug(h.group(1));
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(n == 0 ? slug : slug + "-" + n);
      }
    }
    return anchors;
  }

  static String slug(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
    StringBuilder slug = new StringBuilder();
    text.codePoints().forEach(c -> {
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        slug.appendCodePoint(c);
      } else if (c == ' ') {
        slug.append('-');
      }
    });
    return slug.toString();
  }

  @Test
  void slugsAreGitHubs() {
    assertEquals("the-launcher", slug("The launcher"));
    assertEquals("kstatus-condlint-status-and-the-deadline-rules", slug("kstatus: `condlint status` and the deadline rules"));
    assertEquals("crds-and-samples-checked-against-them", slug("CRDs, and samples checked against them"));
    assertEquals("in-the-cluster-deployaudit", slug("In the cluster (`deploy/audit`)"));
  }

  @Test
  void everyRelativeLinkResolves() throws IOException {
    List<String> dead = new ArrayList<>();
    int checked = 0;
    for (Path doc : documents()) {
      List<String> lines = prose(doc);
      for (int i = 0; i < lines.size(); i++) {
        for (Pattern p : List.of(LINK, IMAGE)) {
          Matcher m = p.matcher(lines.get(i));
          while (m.find()) {
            String target = m.group(1);
            if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
              continue;  // https:, mailto: ...
            }
            checked++;
            String where = ROOT.relativize(doc) + ":" + (i + 1) + ": " + target;
            int hash = target.indexOf('#');
            String path = hash < 0 ? target : target.substring(0, hash);
            Path file = path.isEmpty() ? doc : doc.getParent().resolve(path).normalize();
            if (!file.startsWith(ROOT) || !Files.exists(file)) {
              dead.add(where + " (no such file)");
            } else if (hash >= 0 && file.toString().endsWith(".md") && !anchors(file).contains(target.substring(hash + 1))) {
              dead.add(where + " (no such heading)");
            }
          }
        }
      }
    }
    assertEquals(List.of(), dead);
    assertTrue(checked > 100, "only " + checked + " links checked");
  }

  @Test
  void theReadmeIsAtMost16KiBAndStartsWithTheTwoSetUpCommands() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    assertTrue(readme.getBytes(StandardCharsets.UTF_8).length <= 16 * 1024, readme.length() + " bytes");
    String ci = Files.readString(ROOT.resolve(".ci/run"), StandardCharsets.UTF_8);
    assertTrue(ci.contains("\n./mvnw -B verify\n") && ci.contains("./condlint lint examples/"), ci);
    int lint = readme.indexOf("\n./condlint lint examples/ ");
    int verify = readme.indexOf("\n./mvnw -B verify ");
    assertTrue(lint > 0 && verify > lint && readme.indexOf("\n## ") > verify, "the set-up commands come first");
  }
}
