package dev.condlint.cli.report;

import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The result of one {@code condlint lint} run, in input order, or of one {@code condlint audit}
 * (with its {@link ClusterSummary}: then the files are the objects that have findings, in the order
 * listed, and the resources that could not be read); every output format renders this.
 */
public record LintReport(List<FileReport> files, Optional<ClusterSummary> cluster, int runErrors) {
  private static final Position START = new Position(1, 1);

  public LintReport {
    files = List.copyOf(files);
  }

  public LintReport(List<FileReport> files, Optional<ClusterSummary> cluster) {
    this(files, cluster, 0);
  }

  public LintReport(List<FileReport> files) {
    this(files, Optional.empty());
  }

  /**
   * The report with the errors of the run itself (a schema location that cannot be read) after its files: each is
   * shown as its own entry, named by what could not be read, but is no input file ({@link #inputFiles}).
   */
  public LintReport withRunErrors(List<FileReport> errors) {
    List<FileReport> all = new ArrayList<>(files);
    all.addAll(errors);
    return new LintReport(all, cluster, runErrors + errors.size());
  }

  /** How many input files were checked: the entries that are no error of the run itself. */
  public int inputFiles() {
    return files.size() - runErrors;
  }

  public int documents() {
    return files.stream().mapToInt(FileReport::documents).sum();
  }

  /** Documents (and List items) skipped as no Kubernetes object. */
  public int skipped() {
    return files.stream().mapToInt(FileReport::skipped).sum();
  }

  public long count(Severity severity) {
    return files.stream().flatMap(f -> f.findings().stream()).filter(f -> f.severity() == severity).count();
  }

  public long inputErrors() {
    return files.stream().mapToLong(f -> f.errors().size()).sum();
  }

  /**
   * The report with only the findings at least this severe ({@code --min-severity}); the files, their
   * objects and read errors stay.
   */
  public LintReport withFindingsAtLeast(Severity least) {
    List<FileReport> kept = files.stream().map(f -> new FileReport(f.file(), f.documents(), f.skipped(), f.profiles(),
        f.findings().stream().filter(finding -> finding.severity().atLeast(least)).toList(), f.errors(), f.live()))
        .toList();
    return new LintReport(kept, cluster, runErrors);
  }

  /** Whether any finding is at least this severe. */
  public boolean hasFindingAtLeast(Severity threshold) {
    return files.stream().flatMap(f -> f.findings().stream()).anyMatch(f -> f.severity().atLeast(threshold));
  }

  /** Where a finding stands; findings in files always have a position, the start is a safe fallback. */
  public static Position position(Finding finding) {
    return finding.position().orElse(START);
  }

  /** A finding's message, and its hint on a line of its own ({@code Hint: ...}) when it has one. */
  static String messageWithHint(Finding finding) {
    return finding.hint().isBlank() ? finding.message() : finding.message() + "\nHint: " + finding.hint();
  }

  /** {@code n thing} or {@code n things}. */
  public static String plural(long n, String singular) {
    return n + " " + singular + (n == 1 ? "" : "s");
  }

}
