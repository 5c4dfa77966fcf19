package dev.condlint.rules.testing;

import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test case as data: a YAML file under {@code src/test/resources/cases/} with the objects to lint
 * and a {@code # want} marker ({@link WantMarkers}) for every finding they must produce, each marker
 * complete: column, severity and pointer (its place gives the line), and the basis where the test is
 * about it. A line {@code # crds: PATH, PATH} names CRD files (under {@code src/test/resources}) that
 * define the objects' kinds, so that cases share them; CRDs in the case file count too. Checking a case
 * asserts its exact findings: one for each marker, a marker for each finding.
 */
public record CaseFile(Path path, WantMarkers.Marked marked, List<Document> crds) {

  private static final Pattern CRDS = Pattern.compile("^#\\s*crds:\\s*(\\S.*)$", Pattern.MULTILINE);

  /**
   * The case file at this path under {@code src/test/resources} ({@code cases/...}); fails on a marker
   * that leaves out column, severity or pointer.
   */
  public static CaseFile read(String name) {
    return of(RuleExample.ROOT.resolve(name).toString(), resource(name));
  }

  /** A case file of this name, as written. */
  public static CaseFile of(String name, String written) {
    Path path = Path.of(name);
    WantMarkers.Marked marked = WantMarkers.read(name, written);
    for (Want want : marked.wants()) {
      if (!want.isComplete()) {
        throw new AssertionError(path + ":" + want.markerLine() + ": a case's marker states the column, severity"
            + " and pointer of its finding: `" + want.marker() + "`");
      }
    }
    List<Document> crds = new ArrayList<>();
    Matcher m = CRDS.matcher(marked.text());
    while (m.find()) {
      for (String crd : m.group(1).split(",")) {
        crds.addAll(YamlFixtures.documents(crd.strip(), resource(crd.strip())));
      }
    }
    return new CaseFile(path, marked, List.copyOf(crds));
  }

  /** The objects as the engine reads them: the file without its markers. */
  public String text() {
    return marked.text();
  }

  /**
   * The findings the markers expect, as a front end that reads the file as written (markers and all)
   * reports them: {@code rule-id severity pointer line:column}, ordered as it orders findings (by
   * position, then rule id).
   */
  public List<String> expectedAsWritten() {
    return inFrontEndOrder()
        .map(w -> w.ruleId() + " " + w.severity().orElseThrow().label() + " " + w.pointer().orElseThrow() + " "
            + marked.writtenLine(w.line()) + ":" + w.column().getAsInt())
        .toList();
  }

  /** The message fragment of each marker, in the order of {@link #expectedAsWritten}. */
  public List<String> fragmentsAsWritten() {
    return inFrontEndOrder().map(Want::fragment).toList();
  }

  /** The markers as front ends order findings: by position, then rule id. */
  private java.util.stream.Stream<Want> inFrontEndOrder() {
    return marked.wants().stream().sorted(java.util.Comparator.comparingInt(Want::line)
        .thenComparingInt((Want w) -> w.column().getAsInt()).thenComparing(Want::ruleId));
  }

  /**
   * The findings of this run on the case's objects, in source order, after asserting that they are
   * exactly those its markers expect; for further assertions on messages and bases.
   */
  public List<Finding> check(RuleRun run) {
    List<Finding> findings = run.findings(crds, YamlFixtures.documents(path.toString(), text()));
    List<String> problems = Expectations.problems(path.toString(), marked, findings);
    if (!problems.isEmpty()) {
      throw new AssertionError(String.join("\n", problems));
    }
    return findings;
  }

  /** The text of a fixture file under {@code src/test/resources}, such as a shared CRD of {@code cases/crds/}. */
  public static String resource(String path) {
    return read(RuleExample.ROOT.resolve(path));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
