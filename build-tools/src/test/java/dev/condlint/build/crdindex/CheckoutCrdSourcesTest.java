package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/checkout-crd-sources} (python3, git) on mirrors built in a temporary directory, with no
 * network: a CRD-manifest source checked out sparsely at its pin (not the mirror's newer commit), a JSON
 * Schema catalogue, a mirror that lacks the pinned commit, a source without a mirror, and a second run
 * that finds its checkout in place.
 */
class CheckoutCrdSourcesTest {
  private record Run(int exit, String out, String err) {}

  private static String git(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=test", "-c", "user.email=test@example.com",
        "-c", "init.defaultBranch=main", "-C", dir.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    return out;
  }

  /** A repository with the files, committed; returns the commit. */
  private static String commit(Path repo, String... pathsAndTexts) throws IOException, InterruptedException {
    for (int i = 0; i < pathsAndTexts.length; i += 2) {
      Path file = repo.resolve(pathsAndTexts[i]);
      Files.createDirectories(file.getParent());
      Files.writeString(file, pathsAndTexts[i + 1]);
    }
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "files");
    return git(repo, "rev-parse", "HEAD");
  }

  private static Run script(Path sources, Path mirrors, Path work, String... ids) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("python3", "scripts/checkout-crd-sources", "--sources", sources.toString(),
        "--mirrors", mirrors.toString(), "--work", work.toString()));
    command.addAll(List.of(ids));
    Process p = new ProcessBuilder(command).start();
    byte[] out = p.getInputStream().readAllBytes();
    byte[] err = p.getErrorStream().readAllBytes();
    return new Run(p.waitFor(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
  }

  private static List<String> files(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString())
          .filter(p -> !p.startsWith(".git")).sorted().toList();
    }
  }

  @Test
  void checksOutEachMirroredSourceSparselyAtItsPin(@TempDir Path temp) throws IOException, InterruptedException {
    Path widgets = Files.createDirectories(temp.resolve("src/widgets"));
    git(widgets, "init", "-q");
    String pinned = commit(widgets, "config/crd/widgets.yaml", "kind: CustomResourceDefinition\n",
        "config/crd/nested/gears.yaml", "not matched: * does not cross a slash\n", "docs/guide.yaml", "not included\n",
        "README.md", "readme\n");
    commit(widgets, "config/crd/cogs.yaml", "added after the pin\n");
    Path catalog = Files.createDirectories(temp.resolve("src/catalog"));
    git(catalog, "init", "-q");
    commit(catalog, "example.com/widget_v1.json", "{}\n", "example.com/deeper/x_v1.json", "{}\n", "README.md", "readme\n");
    String catalogPin = git(catalog, "rev-parse", "HEAD");
    Path mirrors = temp.resolve("mirrors");
    for (String[] m : List.of(new String[] {"widgets", "example+widgets"}, new String[] {"catalog", "example+catalog"},
        new String[] {"catalog", "example+stale"})) {
      Files.createDirectories(mirrors.resolve(m[1]));
      git(temp, "clone", "-q", "--bare", temp.resolve("src").resolve(m[0]).toString(),
          mirrors.resolve(m[1]).resolve("repo").toString());
    }
    Path sources = temp.resolve("sources.json");
    Files.writeString(sources, """
        {"sources": [
          {"id": "widgets", "repository": "example/widgets", "commit": "%s", "layout": "crd-manifests",
           "include": ["config/crd/*.{yaml,yml}"]},
          {"id": "catalog", "repository": "example/catalog", "commit": "%s", "layout": "json-schemas"},
          {"id": "stale", "repository": "example/stale", "commit": "%s", "layout": "json-schemas"},
          {"id": "absent", "repository": "example/absent", "commit": "%s", "layout": "json-schemas"}
        ]}
        """.formatted(pinned, catalogPin, pinned, pinned));
    Path work = temp.resolve("work");

    Run run = script(sources, mirrors, work);

    assertEquals(1, run.exit(), run.err());
    assertEquals("--checkout widgets=%1$s/widgets\n--checkout catalog=%1$s/catalog\n".formatted(work), run.out());
    assertEquals("source stale: the mirror %s lacks the pinned commit %s\n".formatted(
        mirrors.resolve("example+stale/repo"), pinned), run.err(), "a source without a mirror is left out unasked");
    assertEquals(pinned, git(work.resolve("widgets"), "rev-parse", "HEAD"));
    assertEquals(List.of("config/crd/widgets.yaml"), files(work.resolve("widgets")));
    assertEquals(List.of("example.com/widget_v1.json"), files(work.resolve("catalog")));

    Run again = script(sources, mirrors, work, "widgets", "absent");
    assertEquals(1, again.exit());
    assertEquals("--checkout widgets=%s/widgets\n".formatted(work), again.out(), "the checkout in place is taken");
    assertEquals("source absent: no mirror %s\n".formatted(mirrors.resolve("example+absent/repo")), again.err());

    Run unknown = script(sources, mirrors, work, "nosuch");
    assertEquals(2, unknown.exit());
    assertEquals("checkout-crd-sources: no such source in %s: nosuch\n".formatted(sources), unknown.err());
  }
}
