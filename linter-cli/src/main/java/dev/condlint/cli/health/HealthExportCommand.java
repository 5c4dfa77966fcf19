package dev.condlint.cli.health;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.common.ConfigOption;
import dev.condlint.cli.common.SchemaLocationOption;
import dev.condlint.cli.common.KnownKinds;
import dev.condlint.cli.input.SchemaLocations;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.health.HealthAssessor;
import dev.condlint.health.KindContract;
import dev.condlint.health.export.ArgoCdLuaExport;
import dev.condlint.health.export.ArgoCdTestCases;
import dev.condlint.health.export.ExportRefused;
import dev.condlint.health.export.FluxCelExport;
import dev.condlint.health.export.KstatusReadiness;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code condlint health export}: a kind's health as an Argo CD script, Flux CEL, or a kstatus report. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = "Writes a kind's health check for a consumer: argocd-lua (health.lua), flux-cel (a Kustomization"
        + " healthCheckExprs entry) or kstatus (whether kstatus can judge the kind, and what its controller must write).",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:written", "1:written, but nothing describes the kind (no CRD, catalogue entry or configuration):"
        + " it judges by condition names alone, as the note on standard error says",
        "2:a usage error, a kind with no script to export, input that could not be read, or a schema that could not"
        + " be fetched"})
final class HealthExportCommand implements Callable<Integer> {
  @ParentCommand HealthCommand parent;

  @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "argocd-lua, flux-cel or kstatus.")
  String to;

  @Option(names = "--crds", paramLabel = "PATH", description = "CRDs whose schemas declare contracts (repeatable).")
  List<String> crds = new ArrayList<>();

  @Mixin ConfigOption config;

  @Mixin SchemaLocationOption schemaLocations;

  @Spec CommandSpec spec;

  @Option(names = "--tests", paramLabel = "DIR", description = "With --to argocd-lua: write health.lua, health_test.yaml and"
      + " testdata/ for an Argo CD contribution into DIR (the kind's states its contract tells apart, each expected as"
      + " condlint health judges it) and list the files written, instead of printing the script.")
  Path tests;

  @Parameters(paramLabel = "GROUP/KIND", description = "The kind: group/Kind, group/version/Kind or Kind.group.")
  String kind;

  @Override
  public Integer call() {
    List<SchemaLocations> locations = new ArrayList<>();
    Optional<Engine> engine = HealthCommand.engine(parent.env, parent.ruleset, config, crds, schemaLocations, spec, locations);
    if (engine.isEmpty()) {
      return 2;
    }
    if (tests != null && !to.equals("argocd-lua")) {
      parent.env.err().println("condlint health export: error: --tests writes Argo CD's health_test.yaml: it needs --to argocd-lua");
      return 2;
    }
    Optional<String[]> parsed = parse(kind);
    if (parsed.isEmpty()) {
      parent.env.err().println("condlint health export: error: '" + kind + "' is no kind: write group/Kind,"
          + " group/version/Kind or Kind.group");
      return 2;
    }
    String group = parsed.get()[0];
    String version = parsed.get()[1];
    String k = parsed.get()[2];
    if (version.isEmpty()) {
      List<String> known = engine.get().contracts().resolver().knownVersions(group, k);
      version = known.isEmpty() ? "v1" : known.get(0);
    }
    ObjectNode stub = JsonNodeFactory.instance.objectNode();
    stub.put("apiVersion", group.isEmpty() ? version : group + "/" + version);
    stub.put("kind", k);
    KindContract contract = new HealthAssessor(engine.get().contracts()).contractOf(stub);
    boolean unknown = nothingKnown(engine.get(), contract, group, k);
    try {
      switch (to) {
        case "argocd-lua" -> {
          if (tests == null) {
            parent.env.out().print(ArgoCdLuaExport.script(contract));
          } else {
            if (!writeTests(contract, stub.get("apiVersion").asText())) {
              return 2;
            }
          }
        }
        case "flux-cel" -> {
          FluxCelExport.Expressions e = FluxCelExport.expressions(contract);
          var out = parent.env.out();
          out.println("- apiVersion: " + stub.get("apiVersion").asText());
          out.println("  kind: " + k);
          out.println("  inProgress: " + quote(e.inProgress()));
          out.println("  failed: " + quote(e.failed()));
          out.println("  current: " + quote(e.current()));
        }
        case "kstatus" -> parent.env.out().print(KstatusReadiness.report(contract));
        default -> {
          parent.env.err().println("condlint health export: error: --to must be argocd-lua, flux-cel or kstatus, not '" + to + "'");
          return 2;
        }
      }
    } catch (ExportRefused e) {
      parent.env.err().println("condlint health export: " + e.getMessage());
      return 2;
    }
    parent.env.out().flush();
    if (unknown) {
      String name = contract.kindName();
      String what = switch (to) {
        case "kstatus" -> "the report reads it";
        case "flux-cel" -> "the expressions judge it";
        default -> "the script judges it";
      };
      parent.env.err().println(TerminalText.escape("condlint health export: note: no CRD, catalogue entry or"
          + " configuration describes " + name + ": " + what + " by its objects' condition names alone (Ready or"
          + " Succeeded where present); give its CRD with --crds, or declare its contract in .condlint.yaml"
          + KnownKinds.nearest(engine.get(), name).map(n -> " (did you mean " + n + "?)").orElse("")));
    }
    if (HealthCommand.locationErrors(parent.env, locations)) {
      return 2;
    }
    return unknown ? 1 : 0;
  }

  /**
   * Whether nothing describes the kind: no source of contracts knows a version of it (no CRD, catalogue or
   * configuration entry), none declares a summary or a condition schema for it (a group pattern's entry),
   * condlint has no health facts of it, and kstatus no rule of its own.
   */
  static boolean nothingKnown(Engine engine, KindContract contract, String group, String kind) {
    return engine.contracts().resolver().knownVersions(group, kind).isEmpty()
        && contract.declaredSummary().isEmpty()
        && contract.declared().declaredSchema().isEmpty()
        && contract.declared().types().values().stream().noneMatch(dev.condlint.rules.contract.Known::isDeclared)
        && contract.facts().equals(dev.condlint.health.HealthFacts.Kind.NONE)
        && contract.entryHealth().isEmpty()
        && contract.nested().isEmpty()
        && !contract.builtInRule();
  }

  /**
   * health.lua, health_test.yaml and testdata/ in Argo CD's resource_customizations layout; false, with
   * the file and the reason on standard error, where a file cannot be written (a user's error, not condlint's).
   */
  private boolean writeTests(KindContract contract, String apiVersion) throws ExportRefused {
    Path dir = parent.env.workingDirectory().resolve(tests);
    String script = ArgoCdLuaExport.script(contract);
    List<ArgoCdTestCases.TestCase> cases = ArgoCdTestCases.of(contract, apiVersion);
    ObjectNode suite = JsonNodeFactory.instance.objectNode();
    ArrayNode list = suite.putArray("tests");
    List<String> written = new ArrayList<>();
    try {
      Files.createDirectories(dir.resolve("testdata"));
      Files.writeString(dir.resolve("health.lua"), script);
      written.add(tests.resolve("health.lua").toString());
      for (ArgoCdTestCases.TestCase c : cases) {
        String input = "testdata/" + c.name() + ".yaml";
        ObjectNode test = list.addObject();
        ObjectNode expected = test.putObject("healthStatus");
        expected.put("status", c.status().label());
        expected.put("message", c.message());
        test.put("inputPath", input);
        yaml(dir.resolve(input), c.object());
      }
      yaml(dir.resolve("health_test.yaml"), suite);
    } catch (IOException e) {
      parent.env.err().println(TerminalText.escape("condlint health export: error: cannot write --tests " + tests + ": "
          + writeFailure(e, parent.env.workingDirectory())));
      return false;
    }
    written.add(tests.resolve("health_test.yaml").toString());
    cases.forEach(c -> written.add(tests.resolve("testdata/" + c.name() + ".yaml") + "  (" + c.status().label() + ")"));
    written.forEach(parent.env.out()::println);
    return true;
  }

  /** Why a file could not be written, in words: the JDK's exceptions name the path and leave the reason out. */
  static String writeFailure(IOException e, Path workingDirectory) {
    if (!(e instanceof FileSystemException f) || f.getFile() == null) {
      return String.valueOf(e.getMessage());
    }
    Path file = Path.of(f.getFile());
    String name = (file.startsWith(workingDirectory) ? workingDirectory.relativize(file) : file).toString();
    if (e instanceof AccessDeniedException) {
      return name + ": permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return name + ": exists and is not a directory";
    }
    if (e instanceof NoSuchFileException) {
      // JDK 25 reports a path through a regular file (ENOTDIR) as a missing file; JDK 17 does not.
      for (Path p = file.getParent(); p != null; p = p.getParent()) {
        if (Files.isRegularFile(p)) {
          return name + ": not a directory";
        }
      }
      return name + ": no such file or directory";
    }
    return name + ": " + (f.getReason() == null ? "cannot be written" : f.getReason().toLowerCase(java.util.Locale.ROOT));
  }

  private static void yaml(Path file, JsonNode tree) throws IOException {
    try (Writer w = Files.newBufferedWriter(file)) {
      YamlWriter.write(tree, w);
    }
  }

  /** group, version (or ""), kind. */
  static Optional<String[]> parse(String text) {
    String[] slash = text.split("/", -1);
    if (slash.length == 2 && !slash[1].isEmpty()) {
      return Optional.of(new String[] {slash[0], "", slash[1]});
    }
    if (slash.length == 3 && !slash[2].isEmpty()) {
      return Optional.of(new String[] {slash[0], slash[1], slash[2]});
    }
    if (slash.length == 1 && !text.isEmpty()) {
      int dot = text.indexOf('.');
      return Optional.of(dot < 0 ? new String[] {"", "v1", text} : new String[] {text.substring(dot + 1), "", text.substring(0, dot)});
    }
    return Optional.empty();
  }

  /** A YAML double-quoted scalar (JSON's escapes are YAML's). */
  private static String quote(String s) {
    return JsonNodeFactory.instance.textNode(s).toString();
  }
}
