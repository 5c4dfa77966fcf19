package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What can be checked of the Dockerfile without a Docker engine (none here builds it): base images
 * pinned by digest, every file the build copies present and not hidden by {@code .dockerignore},
 * every module's pom in the build stage, no {@code go-offline} step, the entry point running the CLI's
 * real main class from the class-path file the jars are listed in, and a user without privileges. The
 * released images are Jib's (build-tools/release/images), tested by build-tools/release/test-image.
 */
class DockerfileTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern PINNED = Pattern.compile("[a-z0-9./-]+:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}");

  private static List<String> instructions(String dockerfile) throws IOException {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : Files.readAllLines(ROOT.resolve(dockerfile), StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      current.append(line.endsWith("\\") ? line.substring(0, line.length() - 1) : line);
      if (!line.endsWith("\\")) {
        out.add(current.toString().trim());
        current.setLength(0);
      }
    }
    return out;
  }

  private static List<String> args(String instruction) {
    return Arrays.asList(instruction.split("\\s+"));
  }

  @Test
  void everyBaseImageIsPinnedByDigest() throws IOException {
    List<String> stages = new ArrayList<>();
    for (String i : instructions("Dockerfile")) {
      if (i.startsWith("FROM ")) {
        List<String> a = args(i);
        assertTrue(PINNED.matcher(a.get(1)).matches(), a.get(1) + " is not pinned by digest");
        assertEquals("AS", a.get(2));
        stages.add(a.get(3));
      }
    }
    assertEquals(List.of("build", "cli"), stages);
  }

  @Test
  void everyFileTheCliImageCopiesExistsAndIsSentToTheBuild() throws IOException {
    DockerIgnore ignore = DockerIgnore.read(ROOT.resolve(".dockerignore"));
    int copied = 0;
    for (String i : instructions("Dockerfile")) {
      List<String> a = args(i);
      if (!a.get(0).equals("COPY") || a.get(1).startsWith("--from=")) {
        continue;
      }
      for (String source : a.subList(1, a.size() - 1)) {
        assertTrue(Files.exists(ROOT.resolve(source)), "COPY " + source + ": no such file");
        assertFalse(ignore.excludes(source), "COPY " + source + ": excluded by .dockerignore");
        copied++;
      }
    }
    assertEquals(24, copied);
    assertTrue(ignore.excludes("linter-cli/target/condlint.jar"), "build output stays out of the context");
    assertTrue(ignore.excludes(".git/config"));
  }

  @Test
  void theBuildResolvesOnlyWhatItUsesIntoACacheMountNotWithGoOffline() throws IOException {
    List<String> runs = instructions("Dockerfile").stream()
        .filter(i -> i.startsWith("RUN ") && i.contains("mvn "))
        .map(i -> i.replaceAll("\\s+", " "))
        .toList();
    assertEquals(1, runs.size(), runs.toString());
    assertTrue(runs.get(0).startsWith("RUN --mount=type=cache,id=condlint-m2,target=/root/.m2 "
        + "mvn -B -q -DskipTests -pl linter-cli -am package dependency:copy-dependencies"), runs.get(0));
  }

  @Test
  void theBuildStageHasEveryModulesPom() throws IOException {
    String rootPom = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(rootPom);
    List<String> copies = instructions("Dockerfile");
    while (m.find()) {
      String pom = m.group(1) + "/pom.xml";
      assertTrue(copies.contains("COPY " + pom + " " + m.group(1) + "/"), "the build stage does not copy " + pom);
    }
  }

  @Test
  void theEntryPointRunsTheCliMainFromWhereTheJarsAreCopiedAsAnUnprivilegedUser() throws Exception {
    List<String> runtime = instructions("Dockerfile");
    runtime = runtime.subList(runtime.indexOf(runtime.stream().filter(i -> i.endsWith(" AS cli")).findFirst()
        .orElseThrow()), runtime.size());
    String entrypoint = runtime.stream().filter(i -> i.startsWith("ENTRYPOINT ")).findFirst().orElseThrow();

    String cliPom = Files.readString(ROOT.resolve("linter-cli/pom.xml"), StandardCharsets.UTF_8);
    Matcher main = Pattern.compile("<mainClass>([^<]+)</mainClass>").matcher(cliPom);
    assertTrue(main.find());
    assertEquals(Main.class.getName(), main.group(1));
    // The class-path file of a Jib-built image, so that deploy/audit's command runs either image.
    assertEquals("ENTRYPOINT [\"java\", \"-XX:+UseSerialGC\", \"-cp\", \"@/app/jib-classpath-file\", \""
        + main.group(1) + "\"]", entrypoint);
    assertTrue(runtime.contains("COPY --from=build /image/libs/ /app/libs/"));
    assertTrue(runtime.contains("COPY --from=build /image/condlint/ /app/condlint/"));
    assertTrue(runtime.contains("COPY --from=build /image/jib-classpath-file /image/jib-main-class-file /app/"));
    String build = instructions("Dockerfile").stream().filter(i -> i.contains("mvn ")).findFirst().orElseThrow();
    assertTrue(build.contains("printf '%s' '/app/libs/*:/app/condlint/*' >/image/jib-classpath-file"), build);
    assertTrue(runtime.contains("USER 10001:10001"));
    Class.forName(main.group(1)).getMethod("main", String[].class);
  }

  /**
   * {@code .dockerignore} as Docker reads it, for the patterns this repository uses: each line a
   * glob relative to the context root that also excludes what is below a matching directory,
   * {@code **}{@code /} matching any number of directories (none included), and the last matching
   * line winning, so a {@code !} line takes a file back.
   */
  private record DockerIgnore(List<String> lines) {
    static DockerIgnore read(Path file) throws IOException {
      return new DockerIgnore(Files.readAllLines(file, StandardCharsets.UTF_8).stream()
          .map(String::trim)
          .filter(l -> !l.isEmpty() && !l.startsWith("#"))
          .toList());
    }

    boolean excludes(String path) {
      boolean excluded = false;
      for (String line : lines) {
        boolean exception = line.startsWith("!");
        String pattern = exception ? line.substring(1) : line;
        if (matches(pattern, Path.of(path))) {
          excluded = !exception;
        }
      }
      return excluded;
    }

    private static boolean matches(String pattern, Path path) {
      List<PathMatcher> matchers = new ArrayList<>(List.of(FileSystems.getDefault().getPathMatcher("glob:" + pattern)));
      if (pattern.startsWith("**/")) {
        matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + pattern.substring(3)));
      }
      for (Path p = path; p != null; p = p.getParent()) {
        Path candidate = p;
        if (matchers.stream().anyMatch(m -> m.matches(candidate))) {
          return true;
        }
      }
      return false;
    }
  }
}
