package dev.condlint.cli.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.cli.input.InputError;
import dev.condlint.cli.input.InputException;
import dev.condlint.cli.input.SchemaLocations;
import dev.condlint.cli.input.SourceText;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cli.report.TextFormat;
import dev.condlint.health.Assessment;
import dev.condlint.health.HealthAssessor;
import dev.condlint.health.HealthStatus;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.bench.FluxCel;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code condlint health test}: runs a user's Argo CD script or Flux expressions over objects with each
 * tool's conventions, beside condlint's assessment; with {@code --expect} (Argo CD's
 * {@code health_test.yaml}) a test runner that exits 1 on a mismatch.
 */
@Command(name = "test", mixinStandardHelpOptions = true,
    description = "Runs an Argo CD health.lua or Flux healthCheckExprs over objects beside condlint's assessment;"
        + " with --expect, checks an Argo CD health_test.yaml.",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done, every expectation met", "1:an expectation of --expect not met",
        "2:a usage error, or input that could not be read or parsed"})
final class HealthTestCommand implements Callable<Integer> {
  @ParentCommand HealthCommand parent;

  static final class Script {
    @Option(names = "--argocd-lua", paramLabel = "SCRIPT", description = "An Argo CD health.lua.")
    Path argocdLua;

    @Option(names = "--flux-cel", paramLabel = "FILE", description = "A YAML healthCheckExprs entry (or a list of them; the first is used).")
    Path fluxCel;
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  Script script;

  @Option(names = "--expect", paramLabel = "FILE", description = "Argo CD's health_test.yaml: inputPath relative to it.")
  Path expect;

  @Option(names = "--no-open-libs", description = "Run the Lua script without the standard libraries, as an argocd-cm"
      + " customization without useOpenLibs.")
  boolean noOpenLibs;

  @Parameters(paramLabel = "PATH", arity = "0..*", description = "Objects to run the script on.")
  List<String> paths = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    var env = parent.env;
    PrintWriter out = env.out();
    if (expect == null && paths.isEmpty()) {
      env.err().println("condlint health test: error: name the objects to run the script on (PATH...), or Argo CD's"
          + " health_test.yaml with --expect");
      return 2;
    }
    List<SchemaLocations> locations = new ArrayList<>();
    Optional<Engine> engine = HealthCommand.engine(env, parent.ruleset, parent.config, List.of(), parent.schemaLocations,
        parent.spec, locations);
    if (engine.isEmpty()) {
      return 2;
    }
    HealthAssessor assessor = new HealthAssessor(engine.get().contracts());
    // Objects in files: judged as of --now or the configuration's now:, else without the clock (as health).
    Optional<Instant> now = HealthCommand.reference(parent.spec, env, parent.now, engine.get());
    Optional<ArgoCdLua> lua = Optional.empty();
    Optional<FluxCel> cel = Optional.empty();
    // Flux runs an entry's expressions on objects of its apiVersion and kind only.
    Optional<String> celKind = Optional.empty();
    if (script.argocdLua != null) {
      Path p = env.workingDirectory().resolve(script.argocdLua);
      Optional<String> text = text(env, p, script.argocdLua.toString());
      if (text.isEmpty()) {
        return 2;
      }
      ArgoCdLua l = new ArgoCdLua(script.argocdLua.toString(), text.get(), !noOpenLibs);
      Optional<String> syntax = l.syntaxError();
      if (syntax.isPresent()) {
        env.err().println(syntax.get());
        return 2;
      }
      lua = Optional.of(l);
    } else {
      Path p = env.workingDirectory().resolve(script.fluxCel);
      Optional<List<dev.condlint.model.Document>> loaded = yaml(env, p, script.fluxCel.toString(), false);
      if (loaded.isEmpty()) {
        return 2;
      }
      List<dev.condlint.model.Document> docs = loaded.get();
      JsonNode entry = docs.isEmpty() ? null : docs.get(0).object();
      if (entry != null && entry.isArray()) {
        entry = entry.size() > 0 ? entry.get(0) : null;
      }
      if (entry == null || !entry.path("current").isTextual()) {
        env.err().println(script.fluxCel + ": no healthCheckExprs entry with a current expression");
        return 2;
      }
      FluxCel f = new FluxCel(entry.path("inProgress").asText(""), entry.path("failed").asText(""),
          entry.path("current").asText());
      Optional<String> compile = f.compileError().map(m -> script.fluxCel + ": error: " + m);
      if (compile.isPresent()) {
        compile.get().lines().forEach(line -> env.err().println(TerminalText.escape(line)));
        return 2;
      }
      cel = Optional.of(f);
      celKind = Optional.of(entry.path("apiVersion").asText("") + " " + entry.path("kind").asText(""));
    }
    int failures = 0;
    int notRun = 0;
    if (expect != null) {
      Path file = env.workingDirectory().resolve(expect);
      Optional<List<dev.condlint.model.Document>> suite = yaml(env, file, expect.toString(), false);
      if (suite.isEmpty()) {
        return 2;
      }
      JsonNode tests = suite.get().isEmpty() ? null : suite.get().get(0).object().get("tests");
      if (tests == null || !tests.isArray()) {
        env.err().println(TerminalText.escape(expect + ": error: no tests: list, as Argo CD's health_test.yaml has"
            + " (tests: [{inputPath, healthStatus: {status, message}}])"));
        return 2;
      }
      int index = -1;
      for (JsonNode test : tests) {
        index++;
        String input = field(test, "inputPath").asText("");
        if (input.isEmpty()) {
          env.err().println(TerminalText.escape(expect + ": error: tests[" + index + "] has no inputPath"));
          notRun++;
          continue;
        }
        Path objectFile = file.getParent() == null ? Path.of(input) : file.getParent().resolve(input);
        String shown = expect.getParent() == null ? input : expect.getParent().resolve(input).toString();
        Optional<List<dev.condlint.model.Document>> read = yaml(env, objectFile, shown, true);
        if (read.isEmpty()) {
          notRun++;
          continue;
        }
        List<dev.condlint.model.Document> docs = read.get();
        if (docs.isEmpty()) {
          out.println("FAIL " + input + ": no object");
          failures++;
          continue;
        }
        JsonNode object = docs.get(0).object();
        String wantStatus = field(field(test, "healthStatus"), "status").asText("");
        String wantMessage = field(field(test, "healthStatus"), "message").asText("");
        Concluded got = conclude(lua, cel, object);
        String gotStatus = got.status();
        String gotMessage = got.message();
        Assessment a = assessor.assess(object, now);
        boolean pass = gotStatus.equals(wantStatus) && gotMessage.equals(wantMessage);
        if (!pass) {
          failures++;
        }
        out.println((pass ? "PASS " : "FAIL ") + input + ": script " + gotStatus + " " + HealthCommand.quoted(gotMessage)
            + (pass ? "" : ", expected " + wantStatus + " " + HealthCommand.quoted(wantMessage))
            + "; condlint " + a.status().label() + (agrees(gotStatus, a.status()) ? "" : " (disagrees)"));
      }
      String notRunNote = notRun == 0 ? "" : " " + notRun + " case(s) not run: their input could not be read.";
      out.println((failures == 0 && notRun == 0 ? "All expectations met." : failures + " expectation(s) not met.") + notRunNote);
    }
    List<HealthCommand.Located> objects = new ArrayList<>();
    boolean ok = paths.isEmpty() || HealthCommand.read(env, paths, objects);
    for (HealthCommand.Located l : objects) {
      JsonNode object = l.document().object();
      String kind = object.path("apiVersion").asText("") + " " + object.path("kind").asText("");
      if (celKind.isPresent() && !celKind.get().equals(kind)) {
        out.println(l.file() + ":" + l.line() + ": " + dev.condlint.model.ObjectRef.of(object).display()
            + "  not of the entry's apiVersion and kind (" + celKind.get() + "): Flux does not run it");
        continue;
      }
      Assessment a = assessor.assess(object, now);
      Concluded concluded = conclude(lua, cel, object);
      String got = concluded.status();
      Optional<String> error = concluded.error();
      out.println(l.file() + ":" + l.line() + ": " + dev.condlint.model.ObjectRef.of(object).display() + "  script " + got
          + error.map(e -> " (" + HealthCommand.escape(e) + ")").orElse("") + "  condlint " + a.status().label() + (agrees(got, a.status()) ? "" : "  DISAGREE: " + HealthCommand.escape(a.message())));
    }
    out.flush();
    return HealthCommand.locationErrors(env, locations) || !ok || notRun > 0 ? 2 : failures > 0 ? 1 : 0;
  }

  /** What the user's script concludes about one object: a status, a message (Flux CEL's: its error), an error. */
  private record Concluded(String status, String message, Optional<String> error) {}

  /** Runs the Argo CD script, else the Flux expressions, on one object. */
  private static Concluded conclude(Optional<ArgoCdLua> lua, Optional<FluxCel> cel, JsonNode object) {
    if (lua.isPresent()) {
      ArgoCdLua.Outcome o = lua.get().run(object);
      return new Concluded(o.statusLabel(), o.message(), o.error());
    }
    FluxCel.Outcome o = cel.orElseThrow().evaluate(object);
    return new Concluded(o.label(), o.error().orElse(""), o.error());
  }

  /**
   * A field of a test case, its name matched without regard to case as Argo CD's test reads it (Go's
   * encoding/json, through sigs.k8s.io/yaml): an exact match first, else the first that differs in case only.
   */
  static JsonNode field(JsonNode node, String name) {
    JsonNode exact = node.path(name);
    if (!exact.isMissingNode()) {
      return exact;
    }
    for (var it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (f.equalsIgnoreCase(name)) {
        return node.get(f);
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  /** A file's text, or empty after its error (file and reason) on standard error. */
  private static Optional<String> text(dev.condlint.cli.common.Environment env, Path path, String name) {
    try {
      return Optional.of(SourceText.read(path, name));
    } catch (InputException e) {
      env.err().println(TextFormat.line(e.error()));
      return Optional.empty();
    }
  }

  /**
   * A YAML file's documents (its Kubernetes objects where {@code objects}), or empty after its errors
   * (file, line, column) on standard error.
   */
  private static Optional<List<dev.condlint.model.Document>> yaml(dev.condlint.cli.common.Environment env, Path path, String name,
      boolean objects) {
    Optional<String> text = text(env, path, name);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    YamlDocuments.Loaded loaded = objects ? YamlDocuments.load(name, text.get()) : YamlDocuments.documents(name, text.get());
    if (!loaded.problems().isEmpty()) {
      loaded.problems().forEach(p -> env.err().println(TextFormat.line(InputError.of(name, p))));
      return Optional.empty();
    }
    return Optional.of(loaded.documents());
  }

  /** Whether a script's conclusion means what condlint's status means (Flux: Current, InProgress, Failed). */
  static boolean agrees(String script, HealthStatus condlint) {
    return switch (script) {
      case "Current" -> condlint == HealthStatus.HEALTHY || condlint == HealthStatus.SUSPENDED;
      case "InProgress" -> condlint == HealthStatus.PROGRESSING || condlint == HealthStatus.UNKNOWN;
      case "Failed" -> condlint == HealthStatus.DEGRADED;
      default -> script.equals(condlint.label());
    };
  }
}
