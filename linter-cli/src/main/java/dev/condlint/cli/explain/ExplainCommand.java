package dev.condlint.cli.explain;

import dev.condlint.cli.common.CompletionCandidates;
import dev.condlint.cli.common.ConfigOption;
import dev.condlint.cli.common.CrdDiscoveryOption;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.NestedOption;
import dev.condlint.cli.common.SchemaLocationOption;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.HelpFooter;
import dev.condlint.cli.common.ProfileOption;
import dev.condlint.cli.common.Usage;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.input.CrdDiscovery;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputError;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.input.InputReader.Read;
import dev.condlint.cli.input.KustomizedCrds;
import dev.condlint.cli.input.SchemaLocations;
import dev.condlint.cli.report.Json;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.ListFormat;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cli.report.TextFormat;
import dev.condlint.model.Document;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code condlint explain FILE|KIND...}: the condition contract condlint applies to each object of the
 * files, or to a kind, with where each part comes from, so a user sees why a rule fired and what to
 * declare in {@code .condlint.yaml} to correct it.
 */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Prints the condition contract condlint applies to each object of the files, or to a kind:"
        + " each condition list's condition type, its types' polarity, its summary types and where it records"
        + " observedGeneration, each with its source (configuration, CRD, CRD catalogue, catalogue or inference).",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:done",
      "2:a usage error, or input that could not be read or parsed"
    })
public final class ExplainCommand implements Callable<Integer> {
  /** How many of the kinds an ambiguous name matches the error lists. */
  private static final int AMBIGUOUS_SHOWN = 8;

  private final Environment env;
  private final Ruleset ruleset;

  private CommandSpec spec;

  @Parameters(
      paramLabel = "FILE|KIND",
      arity = "1..*",
      description = "A file, a directory (searched for .yaml, .yml and .json), - for standard input, or a kind as"
          + " kubectl names it (Deployment, deploy, deployments.apps), Kind.group (Rollout.argoproj.io), group/Kind"
          + " or group/version/Kind."
          + " An existing path is read as a file.")
  List<String> arguments = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = CompletionCandidates.ListFormats.class,
      description = "text or json. Default: text.")
  ListFormat format = ListFormat.TEXT;

  @Mixin ConfigOption config;

  @Option(
      names = "--crds",
      paramLabel = "DIR",
      description = "A file or folder of CRDs whose schemas declare contracts (repeatable); CRDs among the files"
          + " count too.")
  List<String> crds = new ArrayList<>();

  @Mixin SchemaLocationOption schemaLocations;

  @Mixin CrdDiscoveryOption crdDiscovery;

  @Mixin ProfileOption profile;

  @Mixin DebugOption debug;

  @Mixin NestedOption nested;

  public ExplainCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  /** Also ends the help with examples. */
  @Spec
  void spec(CommandSpec commandSpec) {
    this.spec = commandSpec;
    commandSpec.usageMessage().footer(HelpFooter.explain());
  }

  /** One argument: files that were read (each read from its input), or a kind. */
  private record Subject(List<Input> inputs, List<Read> reads, Optional<KindName> kind) {}

  @Override
  public Integer call() throws IOException {
    profile.problem(ruleset).ifPresent(problem -> {
      throw Usage.error(spec, problem);
    });
    Optional<SchemaLocationOption.Located> located =
        schemaLocations.locate(spec, env, config.configure(env, ruleset, profile::applyTo));
    if (located.isEmpty()) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    SchemaLocations locations = located.get().locations();
    Engine engine = located.get().engine();
    Path cwd = env.workingDirectory();
    InputFiles files = new InputFiles(cwd, located.get().configured().excludeBase(cwd), engine.config().exclude());
    List<Subject> subjects = subjects(files, new Explainer(engine), nested.on(engine.config()));
    List<Input> crdInputs = files.expand(crds);
    List<Read> crdReads = read(crdInputs, new InputReader(env.stdin()));
    files.assertionsLeftOutNote("explain").ifPresent(env.err()::println);
    files.skipped().note("explain").ifPresent(env.err()::println);
    boolean unreadable = subjects.stream().flatMap(s -> s.reads().stream()).anyMatch(r -> !r.errors().isEmpty())
        || crdReads.stream().anyMatch(r -> !r.errors().isEmpty());

    CrdCatalog.Builder catalog = CrdCatalog.builder();
    KustomizedCrds kustomized = new KustomizedCrds();
    subjects.forEach(s -> addCrds(s.inputs(), s.reads(), catalog, kustomized));
    addCrds(crdInputs, crdReads, catalog, kustomized);
    Engine run = engine.withCrds(catalog.build());
    CrdDiscovery discovery = new CrdDiscovery(crdDiscovery.settings(env, engine.config()), run);
    write(subjects, new Explainers(run, discovery, cwd), engine);
    crdDiscovery.printNotes(env, discovery);
    locations.errors().forEach(e -> env.err().println(TextFormat.line(e)));
    return unreadable || !locations.errors().isEmpty() ? ExitCodes.USAGE_OR_INPUT : ExitCodes.CLEAN;
  }

  /**
   * Each argument as files (read now, their errors reported) or a kind, resolved as kubectl resolves a
   * resource name ({@code deploy}, {@code deployments.apps}); neither is a usage error.
   */
  private List<Subject> subjects(InputFiles files, Explainer explainer, boolean nested) {
    KindIndex index = KindIndex.of(explainer.knownKinds());
    List<Subject> subjects = new ArrayList<>();
    for (String argument : arguments) {
      boolean path = argument.equals("-") || KindName.isFileName(argument)
          || Files.exists(env.workingDirectory().resolve(argument));
      KindIndex.Resolution resolution = path || argument.contains("/") ? KindIndex.Resolution.NONE
          : index.resolution(argument);
      if (resolution.ambiguous()) {
        throw Usage.error(spec, "'" + argument + "' names " + resolution.candidates().size() + " kinds: "
            + String.join(", ", resolution.candidates().subList(0, Math.min(AMBIGUOUS_SHOWN, resolution.candidates().size())))
            + (resolution.candidates().size() > AMBIGUOUS_SHOWN
                ? " and " + (resolution.candidates().size() - AMBIGUOUS_SHOWN) + " more" : "")
            + "; name one with its group, as " + resolution.candidates().get(0));
      }
      Optional<KindName> kind = path ? Optional.empty() : kind(argument, resolution);
      if (!path && kind.isEmpty()) {
        Optional<String> nearest = argument.contains(".") || argument.contains("/")
            ? explainer.nearestKnownKind(argument) : index.nearest(argument);
        throw Usage.error(spec, "'" + argument + "' is no file, directory or kind"
            + nearest.map(k -> "; did you mean '" + k + "'?").orElse("")
            + " (a kind is named as kubectl names it: Deployment, deploy, deployments.apps, Rollout.argoproj.io,"
            + " argoproj.io/Rollout or argoproj.io/v1alpha1/Rollout)");
      }
      List<Input> inputs = kind.isPresent() ? List.of() : files.expand(List.of(argument));
      subjects.add(new Subject(inputs, read(inputs, new InputReader(env.stdin(), Optional.of(files.skipped())).nested(nested)), kind));
    }
    return subjects;
  }

  /**
   * The kind an argument names: {@code group/Kind} and {@code group/version/Kind} as written; any other
   * name as kubectl resolves it among the kinds condlint knows; a {@code Kind.group} it does not know
   * is still a kind (of a CRD not given), a bare name it does not know is none.
   */
  private static Optional<KindName> kind(String argument, KindIndex.Resolution resolution) {
    if (argument.contains("/")) {
      return KindName.parse(argument);
    }
    Optional<KindName> known = resolution.kind();
    if (known.isPresent() || !argument.contains(".")) {
      return known;
    }
    return KindName.parse(argument);
  }

  /**
   * Reads the inputs; a reader that skips (for the files to explain) passes over what a directory walk found
   * that is no manifest (a Go template, JSON with comments), as lint's walk does, and counts it in the note.
   */
  private List<Read> read(List<Input> inputs, InputReader reader) {
    List<Read> reads = new ArrayList<>();
    for (Input input : inputs) {
      Read read = reader.read(input);
      for (InputError e : read.errors()) {
        env.err().println(TextFormat.line(e));
      }
      reads.add(read);
    }
    return reads;
  }

  /** The CRDs of files read (each read the input at its index), as their kustomizations install them. */
  private static void addCrds(List<Input> inputs, List<Read> reads, CrdCatalog.Builder catalog, KustomizedCrds kustomized) {
    for (int i = 0; i < reads.size(); i++) {
      Optional<Path> file = i < inputs.size() ? inputs.get(i).path() : Optional.empty();
      reads.get(i).documents().forEach(d -> catalog.add(catalog.compact(kustomized.installed(file, d.object()))));
    }
  }

  /**
   * The explainer of the engine that checks each object of a file, which has the CRDs of the file's
   * project where discovery found the object's kind there, and of a kind named on the command line, with
   * the CRDs of the working directory's project where discovery found that kind there.
   */
  private static final class Explainers {
    private final CrdDiscovery discovery;
    private final Path workingDirectory;
    private final Explainer run;
    private final Map<Engine, Explainer> byEngine = new IdentityHashMap<>();

    Explainers(Engine run, CrdDiscovery discovery, Path workingDirectory) {
      this.discovery = discovery;
      this.workingDirectory = workingDirectory;
      this.run = new Explainer(run);
      byEngine.put(run, this.run);
    }

    Explainer forObject(Input input, Document document) {
      return byEngine.computeIfAbsent(discovery.engineFor(input, document.object()), Explainer::new);
    }

    Explainer forKind(KindName kind) {
      return byEngine.computeIfAbsent(
          discovery.engineForKind(workingDirectory, kind.group(), kind.version(), kind.kind()), Explainer::new);
    }
  }

  private void write(List<Subject> subjects, Explainers explainers, Engine engine) throws IOException {
    Explainer explainer = explainers.run;
    List<Explained.ObjectContract> objects = new ArrayList<>();
    List<Explained.KindContract> kinds = new ArrayList<>();
    List<String> blocks = new ArrayList<>();
    ExplainText text = new ExplainText(engine.contracts().resolver().catalogue().vocabulary().summaryNames());
    for (Subject subject : subjects) {
      if (subject.kind().isPresent()) {
        for (Explained.KindContract kind : explainers.forKind(subject.kind().get()).kind(subject.kind().get())) {
          kinds.add(kind);
          blocks.add(text.kind(kind));
        }
        continue;
      }
      for (int i = 0; i < subject.reads().size(); i++) {
        Read read = subject.reads().get(i);
        Input input = subject.inputs().get(i);
        boolean passedOver = input.found() && read.skipped() == 0;
        if (read.documents().isEmpty() && read.errors().isEmpty() && !passedOver) {
          String skipped = read.skipped() == 0 ? ""
              : " (" + LintReport.plural(read.skipped(), "document") + " without apiVersion and kind skipped)";
          blocks.add(TerminalText.escape(read.name()) + ": no objects" + skipped + "\n");
        }
        for (Document document : read.documents()) {
          Explained.ObjectContract object = explainers.forObject(input, document).object(read.name(), document);
          objects.add(object);
          blocks.add(text.object(object));
        }
      }
    }
    if (format == ListFormat.JSON) {
      Json.write(ExplainJson.of(objects, kinds), env.out());
    } else {
      env.out().print(String.join("\n", blocks));
    }
    env.out().flush();
  }
}
