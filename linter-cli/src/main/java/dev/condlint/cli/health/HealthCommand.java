package dev.condlint.cli.health;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.common.ConfigOption;
import dev.condlint.cli.common.CrdDiscoveryOption;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.NestedOption;
import dev.condlint.cli.common.ReferenceTime;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.SchemaLocationOption;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.input.CrdDiscovery;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputError;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.input.KustomizedCrds;
import dev.condlint.cli.input.SchemaLocations;
import dev.condlint.health.Assessment;
import dev.condlint.health.HealthAssessor;
import dev.condlint.health.KindContract;
import dev.condlint.health.bench.ArgoCdBuiltIn;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.bench.FluxCel;
import dev.condlint.health.export.ArgoCdLuaExport;
import dev.condlint.health.export.ExportRefused;
import dev.condlint.health.export.FluxCelExport;
import dev.condlint.model.Document;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Position;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.kstatus.KstatusResult;
import dev.condlint.rules.schema.CrdCatalog;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code condlint health}: each object's health in Argo CD's vocabulary, judged from its kind's
 * condition contract, beside kstatus's result in both flavours; {@code --consumers} adds what Argo CD
 * (condlint's exported script or a given one), Flux (generated CEL) and {@code kubectl wait
 * --for=condition=Ready} conclude.
 */
@Command(
    name = "health",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Prints each object's health (Healthy, Progressing, Degraded, Suspended, Unknown) judged from its"
        + " kind's condition contract, with kstatus's result, the basis and the reason.",
    subcommands = {HealthExportCommand.class, HealthTestCommand.class},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done", "2:a usage error, input that could not be read or parsed, or a schema that could"
        + " not be fetched"})
public final class HealthCommand implements Callable<Integer> {
  static final ObjectMapper JSON = new ObjectMapper();

  @Parameters(paramLabel = "PATH", arity = "0..*",
      description = "YAML or JSON files, directories, or - for standard input (default: the current directory).")
  List<String> paths = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", description = "text (default) or json.")
  String format = "text";

  @Option(names = "--crds", paramLabel = "PATH", description = "CRDs whose schemas declare contracts (repeatable).")
  List<String> crds = new ArrayList<>();

  @Mixin ConfigOption config;

  @Option(names = "--now", paramLabel = "RFC3339", description = "Reference time for kstatus's rule that reads the clock (a Pod pending unschedulable)."
      + " Default: now: of .condlint.yaml, else none, so that a file's health does not change with the day.")
  String now;

  @Mixin DebugOption debug;

  @Mixin NestedOption nested;

  @Mixin SchemaLocationOption schemaLocations;

  @Mixin CrdDiscoveryOption crdDiscovery;

  @Spec CommandSpec spec;

  @Option(names = "--consumers", description = "Also print what kstatus, Argo CD, Flux and kubectl wait conclude.")
  boolean consumers;

  @Option(names = "--argocd-lua", paramLabel = "SCRIPT", description = "With --consumers: Argo CD's script to run instead of condlint's export.")
  Path argocdLua;

  final Environment env;
  final Ruleset ruleset;

  public HealthCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  /** An object read from a file (by its path: none for standard input), with where it starts. */
  record Located(String file, int line, Document document, Optional<Path> path) {}

  /**
   * The engine of the configuration, the schema locations (the flags', then the configuration's) and the
   * CRDs, or empty after printing what is wrong; {@code opened} receives the schema locations, whose
   * errors (a schema that could not be fetched) the command prints when it is done.
   */
  static Optional<Engine> engine(Environment env, Ruleset ruleset, ConfigOption config, List<String> crds,
      SchemaLocationOption schemaLocations, CommandSpec spec, List<SchemaLocations> opened) {
    Optional<ConfigOption.Configured> configured = config.configure(env, ruleset, UnaryOperator.identity());
    if (configured.isEmpty()) {
      return Optional.empty();
    }
    Optional<SchemaLocations> locations = schemaLocations.open(spec, env, configured.get());
    if (locations.isEmpty()) {
      return Optional.empty();
    }
    opened.add(locations.get());
    Engine engine = configured.get().engine().withSchemaLocations(locations.get().kindSchemas());
    if (crds.isEmpty()) {
      return Optional.of(engine);
    }
    CrdCatalog.Builder catalog = CrdCatalog.builder();
    List<Located> read = new ArrayList<>();
    if (!read(env, crds, read)) {
      return Optional.empty();
    }
    KustomizedCrds kustomized = new KustomizedCrds();
    read.forEach(l -> catalog.add(catalog.compact(kustomized.installed(l.path(), l.document().object()))));
    return Optional.of(engine.withCrds(catalog.build()));
  }

  /** Reads the objects of the paths; false after printing an input error. */
  static boolean read(Environment env, List<String> paths, List<Located> out) {
    return read(env, paths, out, false, false);
  }

  /**
   * As {@link #read(Environment, List, List)}; with {@code noteEmpty}, a note on standard error for an
   * input that holds no object (as {@code explain} says it), which a walk did not merely pass over; with
   * {@code nested}, also the objects nested in each document ({@code --nested}), each at its own line.
   */
  static boolean read(Environment env, List<String> paths, List<Located> out, boolean noteEmpty, boolean nested) {
    InputFiles files = new InputFiles(env.workingDirectory(), env.workingDirectory(), List.of());
    // A walk skips what is no manifest (a Go template, JSON with comments) as lint's does; named files are strict.
    InputReader reader = new InputReader(env.stdin(), Optional.of(files.skipped())).nested(nested);
    boolean ok = true;
    List<Input> inputs = files.expand(InputFiles.orWorkingDirectory(paths));
    files.assertionsLeftOutNote("read").ifPresent(env.err()::println);
    for (Input input : inputs) {
      InputReader.Read r = reader.read(input);
      for (InputError e : r.errors()) {
        env.err().println(dev.condlint.cli.report.TextFormat.line(e));
        ok = false;
      }
      if (noteEmpty && r.documents().isEmpty() && r.errors().isEmpty() && !(input.found() && r.skipped() == 0)) {
        env.err().println(dev.condlint.cli.report.TerminalText.escape(r.name()) + ": no objects" + (r.skipped() == 0 ? ""
            : " (" + dev.condlint.cli.report.LintReport.plural(r.skipped(), "document") + " without apiVersion and kind skipped)"));
      }
      for (Document d : r.documents()) {
        out.add(new Located(r.name(), d.source().position("").map(Position::line).orElse(1), d,
            input.stream() || input.rendered().isPresent() ? Optional.empty() : input.path()));
      }
    }
    files.skipped().note("read").ifPresent(env.err()::println);
    return ok;
  }

  /**
   * The reference time of an assessment of files: {@code --now}, else the configuration's {@code now:},
   * else none, so that a committed file's health does not change with the day (as {@code condlint status});
   * a usage error, as every command's, where {@code --now} is no RFC 3339 time.
   */
  static Optional<Instant> reference(CommandSpec spec, Environment env, String now, Engine engine) {
    return now != null ? Optional.of(ReferenceTime.parse(spec, now)) : engine.config().referenceTime(env.clock());
  }

  @Override
  public Integer call() throws Exception {
    if (!format.equals("text") && !format.equals("json")) {
      env.err().println("condlint health: error: --format must be text or json, not '" + format + "'");
      return 2;
    }
    List<SchemaLocations> locations = new ArrayList<>();
    Optional<Engine> engine = engine(env, ruleset, config, crds, schemaLocations, spec, locations);
    if (engine.isEmpty()) {
      return 2;
    }
    Optional<Instant> reference = reference(spec, env, now, engine.get());
    List<Located> objects = new ArrayList<>();
    boolean ok = read(env, paths, objects, true, nested.on(engine.get().config()));
    // An object of a kind no CRD of the run defines is assessed with its project's CRDs (CRD discovery).
    CrdDiscovery discovery = new CrdDiscovery(crdDiscovery.settings(env, engine.get().config()), engine.get());
    Map<Engine, HealthAssessor> assessors = new IdentityHashMap<>();
    Optional<ArgoCdLua> given = Optional.empty();
    if (argocdLua != null) {
      Path script = env.workingDirectory().resolve(argocdLua);
      given = Optional.of(new ArgoCdLua(argocdLua.toString(), java.nio.file.Files.readString(script), true));
    }
    PrintWriter out = env.out();
    ArrayNode list = JSON.createArrayNode();
    for (Located l : objects) {
      JsonNode object = l.document().object();
      HealthAssessor assessor = assessors.computeIfAbsent(discovery.engineFor(l.path(), object),
          e -> new HealthAssessor(e.contracts()));
      Assessment a = assessor.assess(object, reference);
      ObjectNode entry = HealthJson.entry(l.file(), l.line(), ObjectRef.of(object), a);
      if (consumers) {
        entry.set("consumers", consumers(object, a, assessor.contractOf(object), given));
      }
      if (format.equals("json")) {
        list.add(entry);
      } else {
        out.println(l.file() + ":" + l.line() + ": " + ObjectRef.of(object).display() + "  " + a.status().label() + "  "
            + escape(a.message()) + "  (" + a.reason().rule().label() + ": " + escape(a.reason().detail())
            + a.basis().map(b -> "; basis: " + b.source() + ", " + b.detail()).orElse("") + ")");
        if (consumers) {
          entry.get("consumers").fields().forEachRemaining(e ->
              out.println("    " + e.getKey() + ": " + e.getValue().path("status").asText()
                  + (e.getValue().path("message").asText().isEmpty() ? "" : "  " + escape(e.getValue().path("message").asText()))));
        }
      }
    }
    if (format.equals("json")) {
      ObjectNode root = JSON.createObjectNode();
      root.set("objects", list);
      out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    }
    out.flush();
    crdDiscovery.printNotes(env, discovery);
    return locationErrors(env, locations) || !ok ? 2 : 0;
  }

  /** Prints the errors of the schema locations (a schema that could not be fetched); true if there were any. */
  static boolean locationErrors(Environment env, List<SchemaLocations> locations) {
    boolean any = false;
    for (SchemaLocations l : locations) {
      for (InputError e : l.errors()) {
        env.err().println(dev.condlint.cli.report.TextFormat.line(e));
        any = true;
      }
    }
    return any;
  }

  private static ObjectNode consumers(JsonNode object, Assessment a, KindContract contract, Optional<ArgoCdLua> given) {
    ObjectNode c = JSON.createObjectNode();
    c.set("kstatus", HealthJson.outcome(a.kstatus().upstream()));
    c.set("kstatus (flux)", HealthJson.outcome(a.kstatus().flux()));
    // As Argo CD's GetResourceHealth: deletion first, then a resource customization (a given script),
    // then its own assessment of the kinds it judges in Go; condlint's script stands in for a customization.
    ObjectNode argo = JSON.createObjectNode();
    String argoLabel;
    boolean deletion = ArgoCdBuiltIn.pendingDeletion(object);
    if (deletion || given.isEmpty() && ArgoCdBuiltIn.judges(ObjectRef.of(object))) {
      ArgoCdBuiltIn.Outcome o = ArgoCdBuiltIn.assess(object).orElseThrow();
      argoLabel = deletion ? "argocd" : "argocd (built-in)";
      argo.put("status", o.status().label());
      argo.put("message", o.message());
    } else {
      argoLabel = given.isPresent() ? "argocd (given script)" : "argocd (condlint's script)";
      try {
        ArgoCdLua lua = given.isPresent() ? given.get() : new ArgoCdLua("health.lua", ArgoCdLuaExport.script(contract), true);
        ArgoCdLua.Outcome o = lua.run(object);
        argo.put("status", o.statusLabel());
        argo.put("message", o.message());
      } catch (ExportRefused e) {
        argoLabel = "argocd";
        argo.put("status", "(none)");
        argo.put("message", "Argo CD has no assessment of its own for " + contract.kindName()
            + ": a resource customization may judge it");
      }
    }
    c.set(argoLabel, argo);
    ObjectNode flux = JSON.createObjectNode();
    try {
      FluxCelExport.Expressions e = FluxCelExport.expressions(contract);
      FluxCel.Outcome o = new FluxCel(e.inProgress(), e.failed(), e.current()).evaluate(object);
      flux.put("status", o.label());
      flux.put("message", o.error().orElse(""));
    } catch (ExportRefused e) {
      flux.put("status", "kstatus");
      flux.put("message", "Flux judges " + contract.kindName() + " with kstatus");
    }
    c.set("flux (condlint's CEL)", flux);
    ObjectNode wait = JSON.createObjectNode();
    boolean met = false;
    for (JsonNode cond : object.path("status").path("conditions")) {
      if (cond.path("type").asText().equals("Ready")) {
        met = cond.path("status").asText().equals("True");
        break;
      }
    }
    wait.put("status", met ? "met" : "waits");
    wait.put("message", met ? "" : "no Ready condition with status True: kubectl wait times out");
    c.set("kubectl wait --for=condition=Ready", wait);
    return c;
  }

  /** A message in double quotes, its quotes and backslashes escaped, so that a reader can tell where it ends. */
  static String quoted(String s) {
    return "\"" + escape(s.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
  }

  static String escape(String s) {
    StringBuilder b = new StringBuilder();
    for (char ch : s.toCharArray()) {
      switch (ch) {
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (Character.isISOControl(ch)) {
            b.append(String.format("\\u%04X", (int) ch));
          } else {
            b.append(ch);
          }
        }
      }
    }
    return b.toString();
  }

  static Optional<KstatusResult> unused() {
    return Optional.empty();
  }
}
