package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example of docs/health.md is run as it stands: a YAML or Lua example names its file in its first
 * line ({@code # flux.yaml}, {@code -- health.lua}) and is written to a folder; each {@code $ condlint ...} line of a {@code console}
 * example runs there (after the files above it, and what earlier commands wrote) and must print exactly
 * the lines below it, with its exit status shown as {@code (exit N)} when it is not 0;
 * {@code -Dcondlint.updateDocs=true} rewrites those lines with what condlint prints.
 */
class HealthDocTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path DOC = ROOT.resolve("docs/health.md");
  private static final boolean UPDATE = Boolean.getBoolean("condlint.updateDocs");
  private static final String PROMPT = "$ condlint ";

  @Test
  void theExamplesPrintWhatTheDocShows(@TempDir Path dir) throws IOException {
    List<String> doc = Files.readAllLines(DOC, StandardCharsets.UTF_8);
    List<String> updated = new ArrayList<>();
    List<Executable> checks = new ArrayList<>();
    Set<String> ecosystems = new TreeSet<>();
    int copied = 0;
    for (DocBlocks.Block block : DocBlocks.of(doc)) {
      updated.addAll(doc.subList(copied, block.line()));
      copied = block.line() + block.lines().size();
      if (!block.info().equals("console")) {
        java.util.Optional<String> name = block.info().equals("lua") && !block.lines().isEmpty()
            && block.lines().get(0).startsWith("-- ") ? java.util.Optional.of(block.lines().get(0).substring(3).trim())
            : block.fileName();
        assertTrue(name.isPresent(), "docs/health.md:" + block.line() + " names no file");
        Path file = dir.resolve(name.get());
        Files.createDirectories(file.getParent());
        Files.writeString(file, block.text(), StandardCharsets.UTF_8);
        for (String group : List.of("fluxcd.io", "cluster.x-k8s.io", "crossplane.io", "upbound.io", "knative.dev",
            "cert-manager.io")) {
          if (block.text().contains(group + "/")) {
            ecosystems.add(group.equals("upbound.io") ? "crossplane.io" : group);
          }
        }
      }
      if (!block.info().equals("console")) {
        updated.addAll(block.lines());
        continue;
      }
      List<String> lines = block.lines();
      for (int i = 0; i < lines.size(); i++) {
        String prompt = lines.get(i);
        assertTrue(prompt.startsWith(PROMPT), "docs/health.md:" + (block.line() + 1 + i) + " is no $ condlint line");
        int at = block.line() + 1 + i;
        List<String> shown = new ArrayList<>();
        while (i + 1 < lines.size() && !lines.get(i + 1).startsWith(PROMPT)) {
          shown.add(lines.get(++i));
        }
        CliRun.Result r = CliRun.withBuiltInRules(dir).run(prompt.substring(PROMPT.length()).trim().split("\\s+"));
        List<String> printed = new ArrayList<>(r.out().lines().toList());
        if (r.exit() != 0) {
          printed.add("(exit " + r.exit() + ")");
        }
        String where = "docs/health.md:" + at + ": " + prompt;
        checks.add(() -> assertEquals("", r.err(), where + " writes to standard error"));
        checks.add(() -> assertEquals(String.join("\n", shown), String.join("\n", printed), where));
        updated.add(prompt);
        updated.addAll(printed);
      }
    }
    updated.addAll(doc.subList(copied, doc.size()));
    if (UPDATE) {
      Files.writeString(DOC, String.join("\n", updated) + "\n", StandardCharsets.UTF_8);
    }
    assertEquals(Set.of("cert-manager.io", "cluster.x-k8s.io", "crossplane.io", "fluxcd.io", "knative.dev"), ecosystems,
        "docs/health.md shows objects of five ecosystems");
    assertTrue(checks.size() >= 12, "docs/health.md runs fewer examples than it did: " + checks.size() / 2);
    assertAll(checks);
  }
}
