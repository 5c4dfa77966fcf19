package dev.condlint.cli.status;

import dev.condlint.cli.common.CompletionCandidates;
import dev.condlint.cli.common.DebugOption;
import dev.condlint.cli.common.NestedOption;
import dev.condlint.cli.common.Environment;
import dev.condlint.cli.common.ExitCodes;
import dev.condlint.cli.common.ReferenceTime;
import dev.condlint.cli.common.Version;
import dev.condlint.cli.input.Input;
import dev.condlint.cli.input.InputError;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.input.InputReader.Read;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cli.report.ListFormat;
import dev.condlint.cli.report.ObjectStatus;
import dev.condlint.cli.report.StatusReport;
import dev.condlint.cli.report.TextFormat;
import dev.condlint.model.Document;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Position;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.ContractResolver;
import dev.condlint.rules.kstatus.Flavour;
import dev.condlint.rules.kstatus.KstatusCompute;
import dev.condlint.rules.kstatus.KstatusException;
import dev.condlint.rules.kstatus.KstatusResult;
import dev.condlint.rules.kstatus.KstatusStatus;
import dev.condlint.rules.timing.SystemStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code condlint status}: what kstatus computes (Current, InProgress, Failed, Terminating) for each object;
 * for the kinds whose own system condlint knows (Landscaper DeployItems, ARC EphemeralRunners), what that
 * system says, where kstatus alone cannot tell.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Prints the kstatus status of every object in the files: the status that tools built on"
        + " cli-utils would see (--flavour flux: Flux and Helm 4); for Landscaper DeployItems and ARC"
        + " EphemeralRunners, the status their own system gives them (--kstatus-only: kstatus's alone).",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:done",
      "1:an object is not Current (with --fail-unless current)",
      "2:a usage error, or input that could not be read or parsed"
    })
public final class StatusCommand implements Callable<Integer> {

  /** The status {@code --fail-unless} requires of every object. */
  enum Required {
    current
  }

  /** The status printed for an object kstatus cannot compute (as kstatus's pollers report errors). */
  static final String UNKNOWN = "Unknown";

  @Parameters(
      paramLabel = "PATH",
      arity = "0..*",
      description = "YAML or JSON files, directories to search for *.yaml, *.yml and *.json, or - for standard"
          + " input (default: the current directory).")
  List<String> paths = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = CompletionCandidates.ListFormats.class,
      description = "text (default) or json.")
  ListFormat format = ListFormat.TEXT;

  @Option(names = "--fail-unless", paramLabel = "STATUS", description = "Exit 1 unless every object has this status: current.")
  Required failUnless;

  @Option(names = "--flavour", paramLabel = "FLAVOUR", completionCandidates = CompletionCandidates.Flavours.class,
      description = "upstream (default): kstatus as kubernetes-sigs/cli-utils computes it; flux: as the fork that"
          + " Flux and Helm 4 import (fluxcd/cli-utils), which has no suspended-Job case.")
  Flavour flavour = Flavour.UPSTREAM;

  @Option(names = "--now", paramLabel = "RFC3339", description = "Reference time, RFC 3339; pending Pods,"
      + " Landscaper DeployItems and ARC EphemeralRunners depend on it. Without it, a status does not depend on the"
      + " day: an unschedulable pending Pod is InProgress, and no timeout or backoff is judged.")
  String now;

  @Option(names = "--kstatus-only", description = "kstatus's status alone, as Flux sees it, also for the kinds whose own"
      + " system condlint knows (Landscaper DeployItems, ARC EphemeralRunners).")
  boolean kstatusOnly;

  @Mixin DebugOption debug;

  @Mixin NestedOption nested;

  @Spec CommandSpec spec;

  private final Environment env;
  private final Ruleset ruleset;

  public StatusCommand(Environment env, Ruleset ruleset) {
    this.env = env;
    this.ruleset = ruleset;
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = env.out();
    PrintWriter err = env.err();
    Optional<Instant> reference = now == null ? Optional.empty() : Optional.of(ReferenceTime.parse(spec, now));
    List<ObjectStatus> statuses = new ArrayList<>();
    boolean unreadable = false;
    // The timing of the systems condlint knows by name comes from the catalogue.
    ContractResolver systems = ContractResolver.of(ruleset.catalogue());
    InputFiles files = new InputFiles(env.workingDirectory(), env.workingDirectory(), List.of());
    List<Input> inputs = files.expand(InputFiles.orWorkingDirectory(paths));
    // A walk skips what is no manifest (a Go template, JSON with comments) as lint's does; named files are strict.
    InputReader reader = new InputReader(env.stdin(), Optional.of(files.skipped())).nested(nested.on());
    files.assertionsLeftOutNote("read").ifPresent(err::println);
    for (Input input : inputs) {
      Read read = reader.read(input);
      for (InputError e : read.errors()) {
        err.println(TextFormat.line(e));
        unreadable = true;
      }
      for (Document doc : read.documents()) {
        statuses.add(status(read.name(), doc, reference, systems));
      }
    }
    files.skipped().note("read").ifPresent(err::println);
    if (format == ListFormat.JSON) {
      StatusReport.writeJson(statuses, out);
    } else {
      StatusReport.writeText(statuses, out);
    }
    if (unreadable) {
      return ExitCodes.USAGE_OR_INPUT;
    }
    boolean allCurrent = statuses.stream().allMatch(r -> r.status().equals("Current"));
    return failUnless == Required.current && !allCurrent ? ExitCodes.FINDINGS : ExitCodes.CLEAN;
  }

  private ObjectStatus status(String file, Document doc, Optional<Instant> reference, ContractResolver systems) {
    ObjectRef ref = doc.ref();
    int line = doc.source().position("").map(Position::line).orElse(1);
    KstatusResult r;
    try {
      r = KstatusCompute.compute(doc.object(), reference, flavour);
    } catch (KstatusException e) {
      return new ObjectStatus(ref, file, line, UNKNOWN, "kstatus cannot compute a status: " + e.getMessage(), List.of());
    }
    Optional<KstatusResult> system = kstatusOnly || r.status() == KstatusStatus.TERMINATING
        ? Optional.empty()
        : systems.timing(ref).flatMap(t -> SystemStatus.of(doc.object(), t.value(), reference));
    if (system.isEmpty()) {
      return new ObjectStatus(ref, file, line, r.status().label(), r.message(), r.conditions());
    }
    KstatusResult s = system.get();
    return new ObjectStatus(ref, file, line, s.status().label(), s.message(), s.conditions(),
        s.status() == r.status() ? Optional.empty() : Optional.of(r));
  }
}
