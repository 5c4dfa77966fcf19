package dev.condlint.cli;

import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputReader.Read;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.report.FileReport;
import dev.condlint.cli.report.LintReport;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
    // A stream (standard input, a FIFO) can be read only once: read it whole in the first pass and keep it.
    Map<Integer, Read> streamReads = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (inputs.get(i).stream()) {
        streamReads.put(i, reader.read(inputs.get(i)));
      }
    }
    List<Integer> indexes = IntStream.range(0, inputs.size()).boxed().toList();
    // Only the catalogue's compact CRDs outlive the first pass, not the files they were read from.
    FirstPass first = firstPass(indexes, inputs, streamReads, crdInputs);
    Engine run = engine.withCrds(first.catalog());

    Function<Integer, FileReport> lintOne = i -> check(run,
        Optional.ofNullable(streamReads.get(i)).orElseGet(() -> reader.read(inputs.get(i))));
    List<FileReport> files = new ArrayList<>(Parallel.map(indexes, jobs, lintOne));
    files.addAll(first.crdErrors());
    return new LintReport(files);
  }

  /** A --crds file: its CRDs, and a report that holds only its read errors. */
  private record CrdFile(FileReport report, List<CrdVersion> crds) {}

  /** What the first pass leaves: the run's CRDs, and the read errors of the --crds files. */
  private record FirstPass(CrdCatalog catalog, List<FileReport> crdErrors) {}

  /** Collects the CRDs of the run: the first CRD of a name wins, the inputs' before those of --crds. */
  private FirstPass firstPass(
      List<Integer> indexes, List<Input> inputs, Map<Integer, Read> streamReads, List<Input> crdInputs) {
    CrdCatalog.Builder catalog = CrdCatalog.builder();
    // Each file is read, its CRDs compacted and its parse dropped on the thread that read it.
    Parallel.map(indexes, jobs, i -> crdsOf(streamReads.containsKey(i)
            ? streamReads.get(i)
            : reader.readIfMentions(inputs.get(i), CRD_KIND), catalog))
        .forEach(catalog::add);
    List<FileReport> crdErrors = new ArrayList<>();
    Parallel.map(crdInputs, jobs, input -> {
      Read read = reader.read(input);
      return new CrdFile(new FileReport(read.name(), 0, 0, Map.of(), List.of(), read.errors()), crdsOf(read, catalog));
    }).forEach(file -> {
      catalog.add(file.crds());
      if (!file.report().errors().isEmpty()) {
        crdErrors.add(file.report());
      }
    });
    return new FirstPass(catalog.build(), crdErrors);
  }

  LintReport lint(List<Input> inputs) {
    return lint(inputs, List.of());
  }

  private FileReport check(Engine run, Read read) {
    List<Finding> findings = new ArrayList<>();
    Map<String, Integer> profiles = new LinkedHashMap<>();
    for (Document document : read.documents()) {
      findings.addAll(run.check(document, Optional.of(now)));
      profiles.merge(run.profileFor(document.object()).name(), 1, Integer::sum);
    }
    return new FileReport(read.name(), read.documents().size(), read.skipped(), profiles, findings, read.errors());
  }

  private static List<CrdVersion> crdsOf(Read read, CrdCatalog.Builder catalog) {
    List<CrdVersion> crds = new ArrayList<>();
    read.documents().forEach(d -> crds.addAll(catalog.compact(d.object())));
    return crds;
  }
}
