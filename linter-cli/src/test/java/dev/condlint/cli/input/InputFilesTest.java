package dev.condlint.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Expanding command-line paths, and the exclude globs of the configuration. */
class InputFilesTest {
  @TempDir Path dir;

  @Test
  void excludeGlobsMatchDirectoriesAndStarStarMatchesTheTopDirectoryToo() throws IOException {
    Path work = Files.createDirectories(dir.resolve("apps/web"));
    for (String f : List.of("generated/g.yaml", "keep/k.yaml", "keep/k_test.yaml", "w.yaml", "w_test.yaml")) {
      Files.createDirectories(work.resolve(f).getParent());
      Files.writeString(work.resolve(f), "kind: Widget\n");
    }

    List<Input> inputs =
        new InputFiles(work, work, List.of("generated", "**/*_test.yaml")).expand(List.of(".", "w_test.yaml"));

    assertEquals(List.of("keep/k.yaml", "w.yaml"), inputs.stream().map(Input::name).toList());
  }

  @Test
  void excludeGlobsAreRelativeToTheirBaseDirectory() throws IOException {
    Path work = Files.createDirectories(dir.resolve("apps/web"));
    Files.createDirectories(work.resolve("generated"));
    Files.writeString(work.resolve("generated/g.yaml"), "kind: Widget\n");
    Files.writeString(work.resolve("w.yaml"), "kind: Widget\n");

    List<Input> inputs = new InputFiles(work, dir, List.of("apps/web/generated/**")).expand(List.of("."));

    assertEquals(List.of("w.yaml"), inputs.stream().map(Input::name).toList());
  }

  @Test
  void namesKeepThePathAsTheUserWroteIt() throws IOException {
    Files.createDirectories(dir.resolve("a/b"));
    Files.writeString(dir.resolve("a/b/c.yaml"), "kind: Widget\n");

    List<Input> inputs = new InputFiles(dir, dir, List.of()).expand(List.of("a", "./a/", "a/b/c.yaml", "-"));

    assertEquals(List.of("a/b/c.yaml", "./a/b/c.yaml", "a/b/c.yaml", "<stdin>"), inputs.stream().map(Input::name).toList());
  }
}
