package dev.condlint.cli.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.OutputFile;
import dev.condlint.cli.common.ReferenceTime;
import dev.condlint.cli.common.RequestTimeout;
import dev.condlint.cli.common.Usage;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.contracts.cluster.ClusterCrds;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputError;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.input.KustomizedCrds;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cli.report.TextFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code condlint contracts export}: reads the CRDs of a live cluster (connecting as {@code audit}
 * does) or of files (as {@code lint --crds} reads them), and writes what condlint learns from them: a
 * {@code .condlint.yaml} of {@code contracts:} entries, or a directory of JSON Schemas for
 * {@code --schema-location}. The output depends only on the CRDs (sorted, each once) and, with
 * {@code --now}, the time, so that running it again on the same cluster gives the same bytes.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Writes the condition contracts the CRDs of a cluster (default) or of files declare: --to config,"
        + " a .condlint.yaml with contracts: entries; --to schema-dir, a directory for --schema-location.",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:written", "2:a usage error, or a cluster or file that could not be read"})
final class ContractsExportCommand implements Callable<Integer> {
  static final String DEFAULT_TIMEOUT = "30s";

  @ParentCommand ContractsCommand parent;

  @Spec CommandSpec spec;

  @Option(names = "--to", required = true, paramLabel = "FORM",
      description = "config (a .condlint.yaml with contracts:, to standard output or -o FILE) or schema-dir (a"
          + " directory of GROUP/KIND_VERSION.json schemas, -o DIR, new or empty).")
  String to;

  @Option(names = {"-o", "--output"}, paramLabel = "PATH",
      description = "The file (--to config; default: standard output) or directory (--to schema-dir) to write.")
  Path output;

  @Parameters(paramLabel = "PATH", arity = "0..*",
      description = "Files or directories of CRDs (as lint's --crds reads them); without them, the cluster's CRDs.")
  List<String> paths = new ArrayList<>();

  @Option(names = "--crds", paramLabel = "PATH",
      description = "A file or directory of CRDs (repeatable), as PATH.")
  List<String> crds = new ArrayList<>();

  @Option(names = "--kubeconfig", paramLabel = "FILE",
      description = "The kubeconfig file. Default: as kubectl, the files of KUBECONFIG, else ~/.kube/config, else"
          + " the pod's service account.")
  Path kubeconfig;

  @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig context. Default: its current one.")
  String context;

  @Option(names = "--request-timeout", paramLabel = "DURATION",
      description = "How long a request may wait for its answer to start, or an answer pause, before it is tried"
          + " again (10s, 1m). Default: " + DEFAULT_TIMEOUT + ".")
  String requestTimeout = DEFAULT_TIMEOUT;

  @Option(names = "--now", paramLabel = "RFC3339", arity = "0..1", fallbackValue = "",
      description = "Name the time of the export in the header: the clock's, or this time. Default: no time, so"
          + " that the same CRDs give the same output.")
  String now;

  @Mixin DebugOption debug;

  @Override
  public Integer call() {
    PrintWriter err = parent.env.err();
    Path cwd = parent.env.workingDirectory();
    boolean schemaDir = checkFlags();
    Duration timeout = timeout();
    Optional<Instant> at = now == null ? Optional.empty()
        : Optional.of(now.isEmpty() ? parent.env.clock().instant() : ReferenceTime.parse(spec, now));
    List<String> given = Stream.concat(paths.stream(), crds.stream()).toList();
    List<Input> inputs = new InputFiles(cwd, cwd, List.of()).expand(given);
    if (output != null && !schemaDir) {
      Optional<String> refusal = OutputFile.refusal(cwd.resolve(output), output.toString(), Optional.empty(), inputs);
      if (refusal.isPresent()) {
        return error(err, refusal.get());
      }
    }
    Optional<ExportedCrds> read = given.isEmpty() ? fromCluster(err, timeout, cwd) : fromFiles(err, given, inputs);
    if (read.isEmpty()) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    List<String> header = new ArrayList<>();
    header.add("Condition contracts of the CRDs of " + read.get().source() + ", written by condlint contracts export.");
    at.ifPresent(t -> header.add("Written at " + DateTimeFormatter.ISO_INSTANT.format(t) + "."));
    try {
      return schemaDir ? writeSchemaDir(read.get(), header, cwd) : writeConfig(read.get(), header, cwd);
    } catch (IOException e) {
      return error(err, "cannot write " + output + ": " + e.getMessage());
    }
  }

  private int writeConfig(ExportedCrds read, List<String> header, Path cwd) throws IOException {
    header.add("Use it as it is (condlint lint -c FILE), or copy its contracts: entries into your .condlint.yaml.");
    ContractsFile.Written written = new ContractsFile(parent.ruleset.catalogue()).write(read, header);
    if (output == null) {
      parent.env.out().print(written.text());
    } else {
      Path file = cwd.resolve(output);
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      Files.writeString(file, written.text(), StandardCharsets.UTF_8);
    }
    if (!written.unstated().isEmpty()) {
      int n = written.unstated().size();
      parent.env.err().println(TerminalText.escape("condlint: note: " + n + (n == 1 ? " condition list's CRD says"
          : " condition lists' CRDs say") + " more than a .condlint.yaml can state (listed in the file's header);"
          + " --to schema-dir keeps all of it"));
    }
    return ExitCodes.CLEAN;
  }

  private int writeSchemaDir(ExportedCrds read, List<String> header, Path cwd) throws IOException {
    Path dir = cwd.resolve(output);
    if (Files.exists(dir) && (!Files.isDirectory(dir) || !isEmpty(dir))) {
      return error(parent.env.err(), "-o " + output + ": " + (Files.isDirectory(dir) ? "the directory is not empty"
          : "not a directory") + "; --to schema-dir writes into a new or empty directory");
    }
    Map<String, String> files = SchemaDirectory.files(read, String.join(" ", header));
    SchemaDirectory.write(dir, files);
    int crdCount = read.crds().size();
    parent.env.out().println(TerminalText.escape("Wrote " + files.size() + (files.size() == 1 ? " schema" : " schemas")
        + " of " + crdCount + (crdCount == 1 ? " CRD" : " CRDs") + " to " + output
        + "; use it with --schema-location " + output + "."));
    return ExitCodes.CLEAN;
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }

  private Optional<ExportedCrds> fromCluster(PrintWriter err, Duration timeout, Path cwd) {
    try {
      ClusterCrds.Read read = ClusterCrds.read(Optional.ofNullable(kubeconfig), Optional.ofNullable(context), timeout, cwd);
      return Optional.of(ExportedCrds.of(read.source(), read.crds()));
    } catch (ClusterCrds.Unreadable e) {
      error(err, e.getMessage());
      return Optional.empty();
    }
  }

  private Optional<ExportedCrds> fromFiles(PrintWriter err, List<String> given, List<Input> inputs) {
    InputReader reader = new InputReader(parent.env.stdin());
    // What a cluster learns from these CRDs is what kustomize installs: with their kustomization's patches.
    KustomizedCrds kustomized = new KustomizedCrds();
    List<JsonNode> objects = new ArrayList<>();
    boolean ok = true;
    for (Input input : inputs) {
      InputReader.Read r = reader.read(input);
      for (InputError e : r.errors()) {
        err.println(TextFormat.line(e));
        ok = false;
      }
      r.documents().stream().map(d -> kustomized.installed(input.path(), d.object())).forEach(objects::add);
    }
    if (!ok) {
      return Optional.empty();
    }
    ExportedCrds read = ExportedCrds.of("the files " + String.join(", ", given), objects);
    if (read.crds().isEmpty()) {
      error(err, "no CustomResourceDefinition in " + String.join(", ", given));
      return Optional.empty();
    }
    return Optional.of(read);
  }

  /** Checks the flags that exclude each other; whether the export is a schema directory. */
  private boolean checkFlags() {
    boolean schemaDir = switch (to) {
      case "config" -> false;
      case "schema-dir" -> true;
      default -> throw Usage.error(spec, "--to: 'config' or 'schema-dir', not '" + to + "'");
    };
    if (schemaDir && output == null) {
      throw Usage.error(spec, "--to schema-dir: name the directory to write with -o DIR");
    }
    if ((kubeconfig != null || context != null) && !(paths.isEmpty() && crds.isEmpty())) {
      throw Usage.error(spec, "--kubeconfig and --context read a cluster's CRDs, PATH and --crds read files: give one or the other");
    }
    return schemaDir;
  }

  private Duration timeout() {
    return RequestTimeout.parse(spec, requestTimeout);
  }

  private static int error(PrintWriter err, String message) {
    err.println(TerminalText.escape("condlint: error: " + message));
    return ExitCodes.USAGE_OR_INPUT;
  }
}
