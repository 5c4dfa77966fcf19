package dev.condlint.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.input.InputReader.Read;
import dev.condlint.cli.report.FileReport;
import dev.condlint.cli.report.LintReport;
import dev.condlint.rules.Document;
import dev.condlint.rules.Engine;
import dev.condlint.rules.Finding;
import dev.condlint.rules.schema.CrdCatalog;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Lints inputs in two passes, so that the checks see every CRD of the run (a custom resource is
 * checked against its CRD wherever that CRD stands, among the inputs or in a {@code --crds} folder)
 * while memory stays flat in the size of the run: a cheap first pass parses only the files that
 * mention a CRD and keeps only the CRDs; the second reads, checks and forgets one file at a time,
 * keeping only its findings. Both passes spread files over {@code jobs} threads; the report keeps
 * the input order. One bad input spoils no other.
 */
final class Linter {
  private static final String CRD_KIND = "CustomResourceDefinition";

  private final Engine engine;
  private final InputReader reader;
  private final Instant now;
  private final int jobs;

  Linter(Engine engine, InputStream stdin, Instant now, int jobs) {
    this.engine = engine;
    this.reader = new InputReader(stdin);
    this.now = now;
    this.jobs = jobs;
  }

  /**
   * Lints the inputs; the CRD inputs only lend their CRDs (their own findings are not reported, but
   * their read errors are, since a CRD that cannot be read checks nothing).
   */
  LintReport lint(List<Input> inputs, List<Input> crdInputs) {
    // Standard input can be read only once: read it whole in the first pass and keep it.
    Map<Integer, Read> stdinReads = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (isStdin(inputs.get(i))) {
        stdinReads.put(i, reader.read(inputs.get(i)));
      }
    }
    List<Integer> indexes = IntStream.range(0, inputs.size()).boxed().toList();
    List<Read> crdReads = Parallel.map(crdInputs, jobs, reader::read);
    // The first CRD of a name wins, and the inputs' CRDs come before those of --crds.
    List<JsonNode> crds = new ArrayList<>();
    Parallel.map(indexes, jobs, i -> stdinReads.containsKey(i)
            ? stdinReads.get(i)
            : reader.read(inputs.get(i), text -> text.contains(CRD_KIND)))
        .forEach(r -> addObjects(r, crds));
    crdReads.forEach(r -> addObjects(r, crds));
    Engine run = engine.withCrds(CrdCatalog.of(crds));

    Function<Integer, FileReport> lintOne = i -> check(run,
        Optional.ofNullable(stdinReads.get(i)).orElseGet(() -> reader.read(inputs.get(i))));
    List<FileReport> files = new ArrayList<>(Parallel.map(indexes, jobs, lintOne));
    for (Read read : crdReads) {
      if (!read.errors().isEmpty()) {
        files.add(new FileReport(read.name(), 0, List.of(), read.errors()));
      }
    }
    return new LintReport(files);
  }

  LintReport lint(List<Input> inputs) {
    return lint(inputs, List.of());
  }

  private FileReport check(Engine run, Read read) {
    List<Finding> findings = new ArrayList<>();
    for (Document document : read.documents()) {
      findings.addAll(run.check(document, Optional.of(now)));
    }
    return new FileReport(read.name(), read.documents().size(), findings, read.errors());
  }

  private static boolean isStdin(Input input) {
    return input.path().isEmpty() && input.failure().isEmpty();
  }

  private static void addObjects(Read read, List<JsonNode> into) {
    read.documents().forEach(d -> into.add(d.object()));
  }
}
