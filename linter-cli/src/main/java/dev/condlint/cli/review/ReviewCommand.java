package dev.condlint.cli.review;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.MalformedReviewException;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.ReferenceTime;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.input.ConfigFile;
import dev.condlint.cli.input.InputException;
import dev.condlint.cli.input.SourceText;
import dev.condlint.cli.report.Json;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.ParsedFile;
import dev.condlint.yaml.YamlReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code condlint review FILE}: answers a recorded AdmissionReview exactly as the webhook would, so
 * policies can be tested on recorded requests in CI.
 */
@Command(name = "review", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Evaluate a recorded AdmissionReview (JSON or YAML) with the webhook's decision code and print"
        + " the AdmissionReview response.",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:the request is allowed", "1:the request is denied (--mode enforce)",
        "2:the file is not an AdmissionReview, or a usage or configuration error"})
public final class ReviewCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "The recorded AdmissionReview; '-' reads standard input.")
  String file;

  @Option(names = "--mode", paramLabel = "MODE", defaultValue = "warn", description = "enforce, warn or audit, as the webhook's --mode (default: ${DEFAULT-VALUE}).")
  String mode;

  @Option(names = "--config", paramLabel = "FILE", description = "The .condlint.yaml the webhook applies.")
  Path config;

  @Option(names = "--now", paramLabel = "RFC3339",
      description = "The time rules compare against (RFC 3339, e.g. 2024-06-01T00:00:00Z); default: now.")
  String now;

  @Mixin DebugOption debug;

  private final Ruleset ruleset;

  public ReviewCommand(Ruleset ruleset) {
    this.ruleset = ruleset;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      Clock clock = now == null ? Clock.systemUTC() : Clock.fixed(ReferenceTime.parse(spec, now), ZoneOffset.UTC);
      Admission admission = new Admission(new Engine(ruleset, loadConfig()), AdmissionMode.parse(mode), clock);
      Admission.Reviewed reviewed = admission.review(readReview());
      out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(reviewed.response()));
      out.flush();
      return reviewed.decision().allowed() ? 0 : 1;
    } catch (InputException e) {
      return refuse(err, e.error().location() + ": " + e.error().message());
    } catch (MalformedReviewException | IllegalArgumentException | IOException e) {
      return refuse(err, e.getMessage());
    }
  }

  private static int refuse(PrintWriter err, String why) {
    err.println(TerminalText.escape("condlint review: " + why));
    err.flush();
    return 2;
  }

  /** Read as lint reads its inputs: size-bounded, UTF-8 or a byte-order-marked UTF-16/32, no binary. */
  private JsonNode readReview() throws InputException, MalformedReviewException {
    String name = file.equals("-") ? "<stdin>" : file;
    String text = file.equals("-") ? SourceText.read(System.in, name) : SourceText.read(Path.of(file), name);
    ParsedDocument document = onlyDocument(name, text)
        .orElseThrow(() -> new MalformedReviewException(name + " holds no document; expected one AdmissionReview"));
    return document.root();
  }

  private Config loadConfig() {
    if (config == null) {
      return Config.DEFAULT;
    }
    ConfigFile.Loaded loaded = ConfigFile.load(config, config.toString(), ruleset);
    if (!loaded.errors().isEmpty()) {
      throw new IllegalArgumentException(loaded.errors().stream()
          .map(e -> e.location() + ": " + e.message())
          .collect(Collectors.joining("; ")));
    }
    return loaded.config();
  }

  private static Optional<ParsedDocument> onlyDocument(String name, String text) {
    ParsedFile parsed = new YamlReader().read(name, text);
    if (!parsed.problems().isEmpty()) {
      throw new IllegalArgumentException(parsed.problems().stream()
          .map(p -> p.describe(name))
          .collect(Collectors.joining("; ")));
    }
    if (parsed.documents().size() > 1) {
      throw new IllegalArgumentException(name + " holds " + parsed.documents().size() + " documents; expected one");
    }
    return parsed.documents().stream().findFirst();
  }
}
