package dev.condlint.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.rules.ObjectRef;
import dev.condlint.rules.kstatus.KstatusCompute;
import dev.condlint.rules.kstatus.KstatusCondition;
import dev.condlint.rules.kstatus.KstatusException;
import dev.condlint.rules.kstatus.KstatusResult;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlProblem;
import dev.condlint.yaml.YamlReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code condlint status}: what kstatus computes (Current, InProgress, Failed, Terminating) for each object. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the kstatus status of every object in the files: the status Flux, kpt and"
          + " `kubectl wait`-style tools built on cli-utils would see.",
      "Exit codes: 0 done, 1 an object is not Current (with --fail-unless current), 2 unreadable input."
    })
public final class StatusCommand implements Callable<Integer> {

  /** Output formats. */
  enum Format {
    text,
    json
  }

  /** The status {@code --fail-unless} requires of every object. */
  enum Required {
    current
  }

  /** The status printed for an object kstatus cannot compute (as kstatus's pollers report errors). */
  static final String UNKNOWN = "Unknown";

  @Parameters(paramLabel = "PATH", arity = "1..*", description = "YAML or JSON files, or directories to search for *.yaml, *.yml and *.json.")
  List<Path> paths = new ArrayList<>();

  @Option(names = "--format", defaultValue = "text", description = "text (default) or json.")
  Format format;

  @Option(names = "--fail-unless", paramLabel = "STATUS", description = "Exit 1 unless every object has this status: current.")
  Required failUnless;

  @Option(names = "--now", paramLabel = "TIME", description = "Reference time, RFC 3339 (default: the clock); only pending Pods depend on it.")
  Instant now;

  @Spec CommandSpec spec;

  private final YamlReader reader = new YamlReader();

  /** One object's computed status and where it came from. */
  record Row(ObjectRef ref, String file, int line, String status, String message, List<KstatusCondition> conditions) {}

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Instant reference = now != null ? now : Instant.now();
    List<Row> rows = new ArrayList<>();
    boolean unreadable = false;
    for (Path file : files(err)) {
      ParsedFile parsed;
      try {
        parsed = reader.read(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
      } catch (IOException e) {
        err.println(file + ": cannot read: " + e.getMessage());
        unreadable = true;
        continue;
      }
      for (YamlProblem p : parsed.problems()) {
        err.println(file + ":" + p.line() + ":" + p.column() + ": " + p.message());
        unreadable = true;
      }
      for (ParsedDocument doc : parsed.documents()) {
        if (doc.root().isObject()) {
          rows.add(row(file.toString(), doc, reference));
        }
      }
    }
    if (format == Format.json) {
      out.println(json(rows).toPrettyString());
    } else {
      rows.forEach(r -> out.println(r.ref().kind() + "/" + r.ref().name() + "  " + r.status() + "  " + r.message()));
    }
    out.flush();
    err.flush();
    if (unreadable) {
      return 2;
    }
    boolean allCurrent = rows.stream().allMatch(r -> r.status().equals("Current"));
    return failUnless == Required.current && !allCurrent ? 1 : 0;
  }

  private static Row row(String file, ParsedDocument doc, Instant reference) {
    ObjectRef ref = ObjectRef.of(doc.root());
    try {
      KstatusResult r = KstatusCompute.compute(doc.root(), reference);
      return new Row(ref, file, doc.firstLine(), r.status().label(), r.message(), r.conditions());
    } catch (KstatusException e) {
      return new Row(ref, file, doc.firstLine(), UNKNOWN, "kstatus cannot compute a status: " + e.getMessage(), List.of());
    }
  }

  /** The files named, with directories expanded in sorted order; a missing path is reported. */
  private List<Path> files(PrintWriter err) {
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      if (!Files.isDirectory(p)) {
        out.add(p);
        continue;
      }
      try (Stream<Path> walk = Files.walk(p)) {
        walk.filter(Files::isRegularFile).filter(StatusCommand::isManifest).sorted().forEach(out::add);
      } catch (IOException e) {
        err.println(p + ": cannot list: " + e.getMessage());
      }
    }
    return out;
  }

  private static boolean isManifest(Path p) {
    String name = p.getFileName().toString();
    return name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json");
  }

  private static JsonNode json(List<Row> rows) {
    ObjectMapper mapper = new ObjectMapper();
    ArrayNode array = mapper.createArrayNode();
    for (Row r : rows) {
      ObjectNode o = array.addObject();
      o.putObject("object")
          .put("apiVersion", r.ref().apiVersion())
          .put("kind", r.ref().kind())
          .put("namespace", r.ref().namespace())
          .put("name", r.ref().name());
      o.put("file", r.file()).put("line", r.line()).put("status", r.status()).put("message", r.message());
      ArrayNode conditions = o.putArray("conditions");
      for (KstatusCondition c : r.conditions()) {
        conditions.addObject()
            .put("type", c.type())
            .put("status", c.status())
            .put("reason", c.reason())
            .put("message", c.message());
      }
    }
    return array;
  }
}
