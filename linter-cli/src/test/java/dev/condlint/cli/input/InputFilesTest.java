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
  void aDirectoryWalkLeavesOutTestAssertionFilesAndANamedOneIsLinted() throws IOException {
    Path e2e = Files.createDirectories(dir.resolve("e2e/upgrade"));
    for (String f : List.of("00-install.yaml", "01-assert.yaml", "02-errors.yaml", "10-assert-alert-rule.yaml",
        "assert-instance-ready.yaml", "instance-create-assert.yaml", "asserted-stream.yml", "chainsaw-test.yaml",
        "assertive.yaml", "reassert.yaml", "01-asserting.yaml", "errors.yaml")) {
      Files.writeString(e2e.resolve(f), "kind: Widget\n");
    }

    List<Input> inputs = new InputFiles(dir, dir, List.of()).expand(List.of("e2e", "e2e/upgrade/01-assert.yaml"));

    assertEquals(List.of("e2e/upgrade/00-install.yaml", "e2e/upgrade/01-asserting.yaml", "e2e/upgrade/assertive.yaml",
            "e2e/upgrade/chainsaw-test.yaml", "e2e/upgrade/errors.yaml", "e2e/upgrade/reassert.yaml",
            "e2e/upgrade/01-assert.yaml"),
        inputs.stream().map(Input::name).toList());
  }

  @Test
  void namesKeepThePathAsTheUserWroteIt() throws IOException {
    Files.createDirectories(dir.resolve("a/b"));
    Files.writeString(dir.resolve("a/b/c.yaml"), "kind: Widget\n");

    List<Input> inputs = new InputFiles(dir, dir, List.of()).expand(List.of("a", "./a/", "a/b/c.yaml", "-"));

    assertEquals(List.of("a/b/c.yaml", "./a/b/c.yaml", "a/b/c.yaml", "<stdin>"), inputs.stream().map(Input::name).toList());
  }

  @Test
  void symbolicLinksAreFollowedAndALinkBackUpTheTreeIsWalkedOnce() throws IOException {
    Files.createDirectories(dir.resolve("real"));
    Files.writeString(dir.resolve("real/a.yaml"), "kind: Widget\n");
    Files.createSymbolicLink(dir.resolve("linked.yaml"), dir.resolve("real/a.yaml"));
    Files.createSymbolicLink(dir.resolve("linkdir"), Path.of("real"));
    Files.createSymbolicLink(dir.resolve("real/loop"), Path.of(".."));

    List<Input> inputs = new InputFiles(dir, dir, List.of()).expand(List.of("."));

    assertEquals(List.of("linkdir/a.yaml", "linked.yaml", "real/a.yaml"), inputs.stream().map(Input::name).toList());
    assertEquals(List.of(), inputs.stream().flatMap(i -> i.failure().stream()).toList());
  }

  @Test
  void aBrokenLinkWithALintableNameIsAnError() throws IOException {
    Files.createSymbolicLink(dir.resolve("gone.yaml"), Path.of("missing.yaml"));
    Files.createSymbolicLink(dir.resolve("gone.txt"), Path.of("missing.txt"));

    List<Input> inputs = new InputFiles(dir, dir, List.of()).expand(List.of("."));

    assertEquals(
        List.of(InputError.of("gone.yaml", "broken symbolic link to missing.yaml")),
        inputs.stream().flatMap(i -> i.failure().stream()).toList());
    assertEquals(1, inputs.size());
  }
}
