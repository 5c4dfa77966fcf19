package dev.condlint.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code java -jar benchmarks.jar generate --objects N --files M --out DIR [--seed S]}, {@code
 * generate-list --megabytes N --out FILE [--seed S]} (one large {@code kind: List}), {@code parse
 * PATH...} (the parse-only floor), {@code reviews --out DIR} (AdmissionReview bodies for the load
 * runner), {@code bare-server PORT CERT KEY [LOOPS]} (its ceiling), {@code stage-server PORT CERT KEY LOOPS
 * review-decode|decide|spin-N|alloc-N} (the ceiling with one stage of the decision, or a synthetic one, added),
 * {@code decode-server PORT CERT KEY
 * [LOOPS]} (the floor of a webhook that reads the review; LOOPS event loops, as the webhook's
 * {@code --event-loops}, default one per CPU), {@code mock-server --from DIR --kubeconfig FILE} (the audit
 * runner's API server), {@code fetch --server URL --ca PEM} (its serving time alone), {@code watch-server
 * --from DIR --kubeconfig FILE} (the monitor runner's API server), {@code monitor-latency --metrics URL
 * --server URL} (from an event to /metrics), or anything else for JMH's own command line.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    String command = args.length == 0 ? "" : args[0];
    List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
    switch (command) {
      case "generate" -> generate(rest);
      case "generate-list" -> generateList(rest);
      case "parse" -> ParseOnly.run(rest);
      case "reviews" -> Reviews.write(Path.of(option(rest, "--out", "target/reviews")));
      case "bare-server" -> BareServer.bare(Integer.parseInt(rest.get(0)), rest.get(1), rest.get(2), loops(rest));
      case "decode-server" -> BareServer.decoding(Integer.parseInt(rest.get(0)), rest.get(1), rest.get(2),
          loops(rest));
      case "stage-server" -> BareServer.stage(Integer.parseInt(rest.get(0)), rest.get(1), rest.get(2),
          Integer.parseInt(rest.get(3)), rest.get(4));
      case "mock-server" -> MockApiServer.run(rest);
      case "fetch" -> FetchOnly.run(rest);
      case "watch-server" -> WatchServer.run(rest);
      case "monitor-latency" -> MonitorLatency.run(rest);
      default -> org.openjdk.jmh.Main.main(args);
    }
  }

  /** The reference servers' event loops: the fourth argument, else one per CPU, as the webhook's default. */
  private static int loops(List<String> args) {
    return args.size() > 3 ? Integer.parseInt(args.get(3)) : io.vertx.core.impl.cpu.CpuCoreSensor.availableProcessors();
  }

  private static void generate(List<String> args) {
    int objects = Integer.parseInt(option(args, "--objects", "50000"));
    int files = Integer.parseInt(option(args, "--files", "5000"));
    long seed = Long.parseLong(option(args, "--seed", "7"));
    Path out = Path.of(option(args, "--out", "target/corpus"));
    new CorpusGenerator(seed).write(out, objects, files);
    System.out.println("Wrote " + objects + " objects in " + files + " files to " + out);
  }

  private static void generateList(List<String> args) throws java.io.IOException {
    long megabytes = Long.parseLong(option(args, "--megabytes", "15"));
    Path out = Path.of(option(args, "--out", "target/list.yaml"));
    String list = new CorpusGenerator(Long.parseLong(option(args, "--seed", "7"))).list(megabytes * 1_000_000);
    java.nio.file.Files.writeString(out, list, java.nio.charset.StandardCharsets.UTF_8);
    System.out.println("Wrote a List of " + list.length() + " bytes to " + out);
  }

  static String option(List<String> args, String name, String fallback) {
    int i = args.indexOf(name);
    return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : fallback;
  }
}
