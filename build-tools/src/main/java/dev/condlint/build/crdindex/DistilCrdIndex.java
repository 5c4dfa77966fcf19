package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Distils public CRD catalogues into the CRD index condlint bundles: reads each source of
 * {@code sources.json} from a checkout of it at its pinned commit and writes the index.
 *
 * <pre>
 * DistilCrdIndex --sources build-tools/crd-index/sources.json \
 *     --checkout datreeio=/tmp/CRDs-catalog --checkout openshift-api=/tmp/api ... \
 *     --out rules/src/main/resources/dev/condlint/rules/schema/crd-index
 * </pre>
 *
 * A checkout that is a git work tree must be at the pinned commit (a plain directory, an export of that
 * commit, is taken on trust and said so). With {@code --carry-over INDEX_DIR} (an index this wrote,
 * normally the one {@code --out} names), a source without a checkout is carried over from that index
 * where it records the source at the same repository and commit ({@link CarriedIndex}); what the
 * distil would take from records the index does not hold is refused. Exit status 0, 1 when a checkout
 * is missing or at another commit, or a carry-over is refused, 2 for a usage error. docs/contracts.md
 * describes the whole procedure.
 */
public final class DistilCrdIndex {
  /** How many of the records a carry-over refuses are named, one line each (moving a source may refuse thousands). */
  private static final int MAX_REFUSALS_SHOWN = 40;

  private DistilCrdIndex() {}

  public static void main(String[] args) throws IOException {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    Path sourcesFile = null;
    Path outDir = null;
    Path carryOver = null;
    Map<String, Path> checkouts = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (i + 1 >= args.length) {
        return usage(err, "missing value after " + arg);
      }
      String value = args[++i];
      switch (arg) {
        case "--sources" -> sourcesFile = Path.of(value);
        case "--out" -> outDir = Path.of(value);
        case "--carry-over" -> carryOver = Path.of(value);
        case "--checkout" -> {
          int eq = value.indexOf('=');
          if (eq <= 0) {
            return usage(err, "--checkout takes ID=DIR, not " + value);
          }
          checkouts.put(value.substring(0, eq), Path.of(value.substring(eq + 1)));
        }
        default -> {
          return usage(err, "unknown argument " + arg);
        }
      }
    }
    if (sourcesFile == null || outDir == null) {
      return usage(err, "--sources and --out are required");
    }
    List<IndexSource> sources;
    try {
      sources = IndexSource.read(new ObjectMapper().readTree(sourcesFile.toFile()));
    } catch (IllegalArgumentException e) {
      err.println(sourcesFile + ": " + e.getMessage());
      return 2;
    }
    CarriedIndex carried = null;
    if (carryOver != null) {
      try {
        carried = CarriedIndex.read(carryOver);
      } catch (IllegalArgumentException e) {
        err.println("--carry-over " + carryOver + ": " + e.getMessage());
        return 1;
      }
    }
    boolean ok = true;
    for (IndexSource source : sources) {
      Path checkout = checkouts.get(source.id());
      if (checkout == null && carried != null) {
        java.util.Optional<CarriedIndex.Recorded> recorded = carried.source(source.id());
        if (recorded.isEmpty()) {
          err.println("source " + source.id() + " (" + source.repository() + "@" + source.commit()
              + "): no --checkout " + source.id() + "=DIR, and " + carryOver + " has no record of it to carry over");
          ok = false;
        } else if (!recorded.get().commit().equals(source.commit())
            || !recorded.get().repository().equals(source.repository())) {
          err.println("source " + source.id() + " (" + source.repository() + "@" + source.commit()
              + "): no --checkout " + source.id() + "=DIR, and " + carryOver + " records it at "
              + recorded.get().repository() + "@" + recorded.get().commit() + ", so it cannot be carried over");
          ok = false;
        }
        continue;
      }
      if (checkout == null || !Files.isDirectory(checkout)) {
        err.println("source " + source.id() + " (" + source.repository() + "@" + source.commit()
            + "): no --checkout " + source.id() + "=DIR, or it is no directory");
        ok = false;
        continue;
      }
      Optional<String> head = gitHead(checkout);
      if (head.isPresent() && !head.get().equals(source.commit())) {
        err.println("source " + source.id() + ": " + checkout + " is at " + head.get() + ", not the pinned "
            + source.commit() + " (check out the pin, or update it in " + sourcesFile + ")");
        ok = false;
      } else if (head.isEmpty()) {
        out.println("source " + source.id() + ": " + checkout + " is no git work tree; taken as "
            + source.repository() + "@" + source.commit());
      }
    }
    for (String id : checkouts.keySet()) {
      if (sources.stream().noneMatch(s -> s.id().equals(id))) {
        err.println("--checkout " + id + ": no such source in " + sourcesFile);
      }
    }
    if (!ok) {
      return 1;
    }

    List<DistilledKind> kinds = new ArrayList<>();
    List<CarriedIndex.Part> parts = new ArrayList<>();
    for (IndexSource source : sources) {
      if (!checkouts.containsKey(source.id())) {
        List<DistilledKind> carriedKinds;
        try {
          carriedKinds = carried.kinds(source);
        } catch (IllegalArgumentException e) {
          err.println("source " + source.id() + ": " + e.getMessage());
          return 1;
        }
        parts.add(new CarriedIndex.Part(source, true, true, carriedKinds));
        out.println("source " + source.id() + ": carried over from " + carryOver + ", "
            + carried.kindVersions(source.id()) + " kind versions");
        continue;
      }
      SourceReader reader = new SourceReader(source, checkouts.get(source.id()));
      List<DistilledKind> read = reader.read();
      parts.add(new CarriedIndex.Part(source, false, carried != null && carried.source(source.id())
          .filter(r -> r.commit().equals(source.commit()) && r.repository().equals(source.repository())).isPresent(), read));
      out.println("source " + source.id() + ": " + reader.schemas() + " kind versions read, " + read.size()
          + " with condition lists" + (reader.templated() ? ", " + reader.templatesNotRead() + " template documents not read" : ""));
      reader.problems().forEach(p -> out.println("  not read: " + p));
    }
    Map<String, List<DistilledKind>> carriers = Map.of();
    if (carried != null) {
      CarriedIndex.Check check = carried.check(parts);
      List<String> ambiguities = check.ambiguities();
      carriers = check.carriers();
      if (!ambiguities.isEmpty()) {
        ambiguities.stream().limit(MAX_REFUSALS_SHOWN).forEach(a -> err.println("not carried over: " + a));
        if (ambiguities.size() > MAX_REFUSALS_SHOWN) {
          err.println("not carried over: " + (ambiguities.size() - MAX_REFUSALS_SHOWN) + " more records");
        }
        err.println(ambiguities.size() + " records would depend on what " + carryOver
            + " does not hold; check out the sources named (or all), nothing was written");
        return 1;
      }
    }
    for (CarriedIndex.Part part : parts) {
      kinds.addAll(part.read());
      kinds.addAll(carriers.getOrDefault(part.source().id(), List.of()));
    }
    Files.createDirectories(outDir);
    IndexWriter.Summary summary = IndexWriter.write(sources, kinds, outDir);
    out.println("index: " + summary.groups() + " groups, " + summary.kinds() + " kinds, " + summary.kindVersions()
        + " kind versions, " + summary.lists() + " condition lists, " + summary.itemSchemas()
        + " distinct item schemas; kind versions by source: " + summary.bySource());
    return 0;
  }

  private static int usage(PrintStream err, String problem) {
    err.println("DistilCrdIndex: " + problem);
    err.println("usage: DistilCrdIndex --sources FILE [--carry-over INDEX_DIR] --checkout ID=DIR... --out DIR");
    return 2;
  }

  /** The commit a git work tree is at; empty for a plain directory (or where git is not installed). */
  private static Optional<String> gitHead(Path dir) {
    if (!Files.exists(dir.resolve(".git"))) {
      return Optional.empty();
    }
    try {
      Process git = new ProcessBuilder("git", "-C", dir.toString(), "rev-parse", "HEAD").redirectErrorStream(true).start();
      String text = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return git.waitFor(30, TimeUnit.SECONDS) && git.exitValue() == 0 ? Optional.of(text) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
