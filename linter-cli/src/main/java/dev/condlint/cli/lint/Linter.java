package dev.condlint.cli.lint;

import dev.condlint.cli.input.CrdDiscovery;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputReader.Streamed;
import dev.condlint.cli.input.InputReader.Text;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.input.KustomizedCrds;
import dev.condlint.cli.input.SkippedFiles;
import dev.condlint.cli.report.FileReport;
import dev.condlint.cli.report.LintReport;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.engine.CheckResult;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.yaml.YamlDocuments;
import java.io.InputStream;
import java.nio.file.Path;
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
 * while memory stays flat in the size of the run and of each file: a cheap first pass parses only the
 * files that mention a CRD and keeps only the CRDs; the second reads and checks one object at a time
 * (a List's items too), keeping only the findings. Both passes spread files over {@code jobs}
 * threads; the report keeps the input order. One bad input spoils no other. An object whose kind no CRD
 * of the run defines is checked with the CRDs its project holds besides ({@link CrdDiscovery}).
 */
final class Linter {
  private static final String CRD_KIND = "CustomResourceDefinition";

  private final Engine engine;
  private final InputReader reader;
  private final Optional<Instant> now;
  private final int jobs;
  private final CrdDiscovery.Settings discoverySettings;
  private volatile CrdDiscovery discovery;

  /**
   * @param skipped where files a walk found that are no Kubernetes manifest are counted, not reported
   * @param nested whether objects nested in documents (test tables, wrappers) are linted too, each at its
   *     own lines, its findings' pointers from its document's root
   * @param discovery whether and how the CRDs of the objects' projects are looked for
   */
  Linter(Engine engine, InputStream stdin, Optional<Instant> now, int jobs, SkippedFiles skipped, boolean nested,
      CrdDiscovery.Settings discovery) {
    this.discoverySettings = discovery;
    this.engine = engine;
    this.reader = new InputReader(stdin, Optional.of(skipped)).nested(nested);
    this.now = now;
    this.jobs = jobs;
  }

  /**
   * Lints the inputs; the CRD inputs only lend their CRDs (their own findings are not reported, but
   * their read errors are, since a CRD that cannot be read checks nothing).
   */
  LintReport lint(List<Input> inputs, List<Input> crdInputs) {
    // A stream (standard input, a FIFO) can be read only once: read its text in the first pass and keep it.
    Map<Integer, Text> streams = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (inputs.get(i).stream()) {
        streams.put(i, reader.text(inputs.get(i)));
      }
    }
    List<Integer> indexes = IntStream.range(0, inputs.size()).boxed().toList();
    // Only the catalogue's compact CRDs outlive the first pass, not the files they were read from.
    FirstPass first = firstPass(indexes, inputs, streams, crdInputs);
    Engine run = engine.withCrds(first.catalog());
    CrdDiscovery projects = new CrdDiscovery(discoverySettings, run);
    discovery = projects;

    Function<Integer, FileReport> lintOne = i -> {
      Checked checked = new Checked(projects, inputs.get(i), now);
      Streamed read = streams.containsKey(i)
          ? reader.objects(streams.get(i), checked)
          : reader.objects(inputs.get(i), checked);
      if (read.notManifest().isPresent()) {
        return null;
      }
      return checked.report(read);
    };
    List<FileReport> files = new ArrayList<>();
    Parallel.map(indexes, jobs, lintOne).stream().filter(java.util.Objects::nonNull).forEach(files::add);
    files.addAll(first.crdErrors());
    return new LintReport(files);
  }

  LintReport lint(List<Input> inputs) {
    return lint(inputs, List.of());
  }

  /** The CRD discovery of the last run (its walks, its notes); none before the first. */
  Optional<CrdDiscovery> discovery() {
    return Optional.ofNullable(discovery);
  }

  /** The findings of one file's objects, checked as they are read. */
  private static final class Checked implements YamlDocuments.ObjectSink {
    private final CrdDiscovery engines;
    private final Input input;
    private final Optional<Instant> now;
    private final List<Finding> findings = new ArrayList<>();
    private final Map<String, Integer> profiles = new LinkedHashMap<>();
    private int objects;

    Checked(CrdDiscovery engines, Input input, Optional<Instant> now) {
      this.engines = engines;
      this.input = input;
      this.now = now;
    }

    @Override
    public void accept(Document object) {
      CheckResult result = engines.engineFor(input, object.object()).check(object, now);
      result.findings().forEach(f -> findings.add(f.at(object.at())));
      profiles.merge(result.profile().name(), 1, Integer::sum);
      objects++;
    }

    @Override
    public void restart() {
      findings.clear();
      profiles.clear();
      objects = 0;
    }

    FileReport report(Streamed read) {
      return new FileReport(read.name(), objects, read.skipped(), profiles, findings, read.errors());
    }
  }

  /** The compact CRDs of one file's objects, collected as they are read. */
  private static final class Crds implements YamlDocuments.ObjectSink {
    private final CrdCatalog.Builder catalog;
    private final KustomizedCrds kustomized;
    private final Optional<Path> file;
    private final List<CrdVersion> found = new ArrayList<>();

    Crds(CrdCatalog.Builder catalog, KustomizedCrds kustomized, Optional<Path> file) {
      this.catalog = catalog;
      this.kustomized = kustomized;
      this.file = file;
    }

    @Override
    public void accept(Document object) {
      // Objects are judged by the CRD as installed: with the patches its kustomization applies.
      found.addAll(catalog.compact(kustomized.installed(file, object.object())));
    }

    @Override
    public void restart() {
      found.clear();
    }
  }

  /** A --crds file: its CRDs, and a report that holds only its read errors. */
  private record CrdFile(FileReport report, List<CrdVersion> crds) {}

  /** What the first pass leaves: the run's CRDs, and the read errors of the --crds files. */
  private record FirstPass(CrdCatalog catalog, List<FileReport> crdErrors) {}

  /** Collects the CRDs of the run: the first CRD of a name wins, the inputs' before those of --crds. */
  private FirstPass firstPass(List<Integer> indexes, List<Input> inputs, Map<Integer, Text> streams, List<Input> crdInputs) {
    CrdCatalog.Builder catalog = CrdCatalog.builder();
    KustomizedCrds kustomized = new KustomizedCrds();
    // Each file is read and its CRDs compacted on the thread that read it; its objects are not kept.
    Parallel.map(indexes, jobs, i -> {
      Crds crds = new Crds(catalog, kustomized, streams.containsKey(i) ? Optional.empty() : inputs.get(i).path());
      if (streams.containsKey(i)) {
        Text stream = streams.get(i);
        if (stream.text() != null && stream.text().contains(CRD_KIND)) {
          reader.objects(stream, crds);
        }
      } else {
        reader.objectsIfMentioned(inputs.get(i), CRD_KIND, crds);
      }
      return crds.found;
    }).forEach(catalog::add);
    List<FileReport> crdErrors = new ArrayList<>();
    Parallel.map(crdInputs, jobs, input -> {
      Crds crds = new Crds(catalog, kustomized, input.path());
      Streamed read = reader.objects(input, crds);
      return new CrdFile(new FileReport(read.name(), 0, 0, Map.of(), List.of(), read.errors()), crds.found);
    }).forEach(file -> {
      catalog.add(file.crds());
      if (!file.report().errors().isEmpty()) {
        crdErrors.add(file.report());
      }
    });
    return new FirstPass(catalog.build(), crdErrors);
  }
}
