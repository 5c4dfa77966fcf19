import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Two builds' decision CPU in one JVM, for a before-and-after on a shared machine: each build's classes
 * in a class loader of their own, their rounds interleaved (A then B, then B then A), so that both see
 * the same machine round by round; per round, the thread CPU per call of the streaming decode alone and of
 * decode, decide and encode (the webhook's path, built-in rules, warn mode, a fixed clock), and the ratios
 * B / A of "decide" (their difference) and of the whole call. Prints the least, p25 and median of each
 * build, and the median and quartiles of the per-round ratios, with the bytes each build allocates per call
 * (the median of its rounds: decode, decide and encode, and of them the decode alone).
 *
 * <p>Separate JVMs, one per build (as {@code DecisionCpu.java} runs), differed by more than 20% from
 * run to run under other processes' load; interleaved rounds of a few hundred calls in one JVM resolve
 * a 5% change. {@code java -XX:+UseSerialGC -Xmx512m benchmarks/cpu/DecisionAB.java ROUNDS CALLS REVIEW
 * CLASSPATH_A CLASSPATH_B}, each classpath a build's {@code benchmarks.jar}, or its modules'
 * {@code target/classes} before such a jar (e.g. 100 300 /tmp/reviews/review-20k.json ...).
 */
public class DecisionAB {
  /** One build: its Admission, and the calls that decode, decide and encode with it. */
  static final class Build {
    final Object admission;
    final MethodHandle decoder, sourceOf, decode, request, treeBytes, decide, responseOf, write;
    final Object mapper;

    Build(String classpath) throws Throwable {
      List<URL> urls = new ArrayList<>();
      for (String p : classpath.split(":")) {
        urls.add(Path.of(p).toUri().toURL());
      }
      ClassLoader l = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      Class<?> ruleset = l.loadClass("dev.condlint.rules.catalogue.Ruleset");
      Class<?> config = l.loadClass("dev.condlint.rules.config.Config");
      Class<?> engine = l.loadClass("dev.condlint.rules.engine.Engine");
      Class<?> mode = l.loadClass("dev.condlint.admission.AdmissionMode");
      Class<?> admissionType = l.loadClass("dev.condlint.admission.Admission");
      Class<?> decoderType = l.loadClass("dev.condlint.admission.ReviewDecoder");
      Class<?> source = l.loadClass("dev.condlint.admission.ReviewDecoder$Source");
      Class<?> decoded = l.loadClass("dev.condlint.admission.ReviewDecoder$Decoded");
      Class<?> requestType = l.loadClass("dev.condlint.admission.AdmissionRequest");
      Class<?> decision = l.loadClass("dev.condlint.admission.Decision");
      Class<?> responses = l.loadClass("dev.condlint.admission.AdmissionResponses");
      Class<?> objectMapper = l.loadClass("com.fasterxml.jackson.databind.ObjectMapper");
      Object rules = lookup.findStatic(ruleset, "builtIn", MethodType.methodType(ruleset)).invoke();
      Object defaults = config.getField("DEFAULT").get(null);
      Object theEngine = engine.getConstructor(ruleset, config).newInstance(rules, defaults);
      @SuppressWarnings({"unchecked", "rawtypes"})
      Object warn = Enum.valueOf((Class) mode, "WARN");
      admission = admissionType.getConstructor(engine, mode, Clock.class)
          .newInstance(theEngine, warn, Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC));
      decoder = lookup.findVirtual(admissionType, "decoder", MethodType.methodType(decoderType));
      sourceOf = lookup.findStatic(source, "of", MethodType.methodType(source, byte[].class));
      decode = lookup.findVirtual(decoderType, "decode", MethodType.methodType(decoded, source));
      request = lookup.findVirtual(decoded, "request", MethodType.methodType(requestType));
      treeBytes = lookup.findVirtual(decoded, "treeBytes", MethodType.methodType(long.class));
      decide = lookup.findVirtual(admissionType, "decide", MethodType.methodType(decision, requestType));
      Class<?> node = l.loadClass("com.fasterxml.jackson.databind.node.ObjectNode");
      responseOf = lookup.findStatic(responses, "of", MethodType.methodType(node, decision));
      write = lookup.findVirtual(objectMapper, "writeValueAsBytes", MethodType.methodType(byte[].class, Object.class));
      mapper = objectMapper.getConstructor().newInstance();
    }

    long decodeOnly(byte[] body) throws Throwable {
      return (long) treeBytes.invoke(decode.invoke(decoder.invoke(admission), sourceOf.invoke(body)));
    }

    long whole(byte[] body) throws Throwable {
      Object d = decode.invoke(decoder.invoke(admission), sourceOf.invoke(body));
      return ((byte[]) write.invoke(mapper, responseOf.invoke(decide.invoke(admission, request.invoke(d))))).length;
    }
  }

  public static void main(String[] a) throws Throwable {
    int rounds = Integer.parseInt(a[0]);
    int calls = Integer.parseInt(a[1]);
    byte[] body = Files.readAllBytes(Path.of(a[2]));
    Build[] builds = {new Build(a[3]), new Build(a[4])};
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    double[][] dec = new double[2][rounds];
    double[][] all = new double[2][rounds];
    double[][] allocated = new double[2][rounds];
    double[][] decodeAllocated = new double[2][rounds];
    long sink = 0;
    for (int r = -Math.max(4, rounds / 4); r < rounds; r++) {
      for (int i = 0; i < 2; i++) {
        int k = (r & 1) == 0 ? i : 1 - i;
        long b0 = mx.getThreadAllocatedBytes(thread);
        long t0 = mx.getCurrentThreadCpuTime();
        for (int c = 0; c < calls; c++) {
          sink += builds[k].decodeOnly(body);
        }
        long t1 = mx.getCurrentThreadCpuTime();
        long b1 = mx.getThreadAllocatedBytes(thread);
        for (int c = 0; c < calls; c++) {
          sink += builds[k].whole(body);
        }
        long t2 = mx.getCurrentThreadCpuTime();
        if (r >= 0) {
          allocated[k][r] = (mx.getThreadAllocatedBytes(thread) - b1) / (double) calls;
          decodeAllocated[k][r] = (b1 - b0) / (double) calls;
          dec[k][r] = (t1 - t0) / 1e3 / calls;
          all[k][r] = (t2 - t1) / 1e3 / calls;
        }
      }
    }
    double[] ratio = new double[rounds];
    for (int k = 0; k < 2; k++) {
      double[] decide = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        decide[r] = all[k][r] - dec[k][r];
      }
      System.out.printf(Locale.ROOT, "%s: decode min %.1f med %.1f | decide+encode min %.1f p25 %.1f med %.1f µs"
          + " | allocated (median of the rounds) %.0f bytes per call, %.0f of them decoding%n", k == 0 ? "A" : "B",
          q(dec[k], 0), q(dec[k], .5), q(decide, 0), q(decide, .25), q(decide, .5), q(allocated[k], .5),
          q(decodeAllocated[k], .5));
    }
    for (int r = 0; r < rounds; r++) {
      ratio[r] = (all[1][r] - dec[1][r]) / (all[0][r] - dec[0][r]);
    }
    System.out.printf(Locale.ROOT, "B/A decide+encode per round: median %.2f (p25 %.2f, p75 %.2f)%n",
        q(ratio, .5), q(ratio, .25), q(ratio, .75));
    double[] whole = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      whole[r] = all[1][r] / all[0][r];
    }
    System.out.printf(Locale.ROOT, "B/A decode+decide+encode per round: median %.2f (p25 %.2f, p75 %.2f)%n",
        q(whole, .5), q(whole, .25), q(whole, .75));
    if (sink == 42) {
      System.out.println();
    }
  }

  static double q(double[] x, double p) {
    double[] y = x.clone();
    Arrays.sort(y);
    return y[(int) Math.round(p * (y.length - 1))];
  }
}
