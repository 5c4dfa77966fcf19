import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.GarbageCollectorMXBean;
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
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The decision (decode, decide, encode: DecisionAB's call) timed one call at a time by thread CPU, with a step
 * between calls that stands for what an event loop does between two decisions, so that the decision's cost
 * "cold" (its working set evicted between calls) is measured in one JVM, without HTTP, and set against its cost
 * in a tight loop. The steps, each given as NAME or NAME=N, joined with "+":
 *
 * <ul>
 *   <li>{@code hot}: nothing between calls (a tight loop, as DecisionAB);
 *   <li>{@code touch=N}: read and write one byte per 64-byte line of an N KiB array (evicts N KiB of cache);
 *   <li>{@code pages=N}: the same, one byte per 4 KiB page (evicts N/4 translations, N/64 KiB of cache);
 *   <li>{@code aes=N}: AES-GCM encrypt and decrypt N KiB (as TLS does to a request and its answer);
 *   <li>{@code alloc=N}: allocate N KiB of short-lived byte arrays and touch them (as Netty's and Vert.x's copies
 *       of a body do: fresh young-generation lines);
 *   <li>{@code spin=N}: N µs of arithmetic on registers (time passes, caches kept).
 * </ul>
 *
 * <p>Modes take turns in each round ({@code calls} calls each, after the round's warm-up of the same mode), so that
 * each round compares them on the same machine; printed per mode: the decision's thread CPU per call (median of
 * the rounds' means, and p25-p75 of the rounds), the ratio to {@code hot} per round (median, p25-p75), the bytes
 * the decision allocates per call, and the collector's time per call (GarbageCollectorMXBean, all threads).
 * With two classpaths ({@code A:...,B:...} as the last argument, a comma between them), each mode runs both
 * builds in turn and prints B/A per round.
 *
 * <p>{@code java -XX:+UseSerialGC -Xmx128m -XX:NewRatio=1 benchmarks/cpu/DecisionCold.java ROUNDS CALLS REVIEW
 * MODES CLASSPATH[,CLASSPATH_B]}, e.g. {@code 40 300 /tmp/reviews/review-20k.json hot,touch=2048,aes=40
 * benchmarks/target/benchmarks.jar}.
 */
public class DecisionCold {
  static final class Build {
    final Object admission;
    final MethodHandle decoder, sourceOf, decode, request, decide, responseOf, write;
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
      decide = lookup.findVirtual(admissionType, "decide", MethodType.methodType(decision, requestType));
      Class<?> node = l.loadClass("com.fasterxml.jackson.databind.node.ObjectNode");
      responseOf = lookup.findStatic(responses, "of", MethodType.methodType(node, decision));
      write = lookup.findVirtual(objectMapper, "writeValueAsBytes", MethodType.methodType(byte[].class, Object.class));
      mapper = objectMapper.getConstructor().newInstance();
    }

    Object decode(byte[] body) throws Throwable {
      return decode.invoke(decoder.invoke(admission), sourceOf.invoke(body));
    }

    int decideAndEncode(Object d) throws Throwable {
      return ((byte[]) write.invoke(mapper, responseOf.invoke(decide.invoke(admission, request.invoke(d))))).length;
    }

    int whole(byte[] body) throws Throwable {
      return decideAndEncode(decode(body));
    }
  }

  /** What runs between two decisions. */
  static final class Step {
    final String name;
    final int[] touchKb, pagesKb, aesKb, allocKb, spinUs;
    byte[] touched = new byte[0];
    Cipher encrypt, decrypt;
    byte[] plain, sealed, opened;
    SecretKeySpec key;
    long counter;

    Step(String spec) throws Exception {
      name = spec;
      List<Integer> t = new ArrayList<>(), p = new ArrayList<>(), a = new ArrayList<>(), al = new ArrayList<>(), s = new ArrayList<>();
      for (String part : spec.split("\\+")) {
        String[] kv = part.split("=");
        int n = kv.length > 1 ? Integer.parseInt(kv[1]) : 0;
        switch (kv[0]) {
          case "hot" -> { }
          case "touch" -> t.add(n);
          case "pages" -> p.add(n);
          case "aes" -> a.add(n);
          case "alloc" -> al.add(n);
          case "spin" -> s.add(n);
          default -> throw new IllegalArgumentException("unknown step " + part);
        }
      }
      touchKb = t.stream().mapToInt(Integer::intValue).toArray();
      pagesKb = p.stream().mapToInt(Integer::intValue).toArray();
      aesKb = a.stream().mapToInt(Integer::intValue).toArray();
      allocKb = al.stream().mapToInt(Integer::intValue).toArray();
      spinUs = s.stream().mapToInt(Integer::intValue).toArray();
      int most = Math.max(Arrays.stream(touchKb).max().orElse(0), Arrays.stream(pagesKb).max().orElse(0));
      touched = new byte[most * 1024];
      int aes = Arrays.stream(aesKb).max().orElse(0);
      if (aes > 0) {
        key = new SecretKeySpec(new byte[16], "AES");
        encrypt = Cipher.getInstance("AES/GCM/NoPadding");
        decrypt = Cipher.getInstance("AES/GCM/NoPadding");
        plain = new byte[aes * 1024];
        sealed = new byte[aes * 1024 + 16];
        opened = new byte[aes * 1024];
      }
    }

    static volatile Object escape;

    long run() throws Exception {
      long sink = 0;
      for (int kb : touchKb) {
        byte[] b = touched;
        for (int i = 0, n = kb * 1024; i < n; i += 64) {
          sink += b[i];
          b[i] = (byte) sink;
        }
      }
      for (int kb : pagesKb) {
        byte[] b = touched;
        for (int i = 0, n = kb * 1024; i < n; i += 4096) {
          sink += b[i];
          b[i] = (byte) sink;
        }
      }
      for (int kb : aesKb) {
        byte[] iv = new byte[12];
        counter++;
        for (int i = 0; i < 8; i++) {
          iv[i] = (byte) (counter >>> (8 * i));
        }
        encrypt.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        int n = encrypt.doFinal(plain, 0, kb * 1024, sealed, 0);
        decrypt.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, iv));
        sink += decrypt.doFinal(sealed, 0, n, opened, 0);
      }
      for (int kb : allocKb) {
        for (int i = 0; i < kb; i += 16) {
          byte[] b = new byte[16 * 1024];
          for (int j = 0; j < b.length; j += 64) {
            b[j] = (byte) j;
          }
          escape = b;
        }
      }
      for (int us : spinUs) {
        long end = System.nanoTime() + us * 1000L;
        long x = sink;
        while (System.nanoTime() < end) {
          for (int i = 0; i < 100; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
          }
        }
        sink += x;
      }
      return sink;
    }
  }

  public static void main(String[] a) throws Throwable {
    int rounds = Integer.parseInt(a[0]);
    int calls = Integer.parseInt(a[1]);
    byte[] body = Files.readAllBytes(Path.of(a[2]));
    String[] modeSpecs = a[3].split(",");
    String[] paths = a[4].split(",");
    Build[] builds = new Build[paths.length];
    for (int i = 0; i < paths.length; i++) {
      builds[i] = new Build(paths[i]);
    }
    Step[] steps = new Step[modeSpecs.length];
    for (int i = 0; i < steps.length; i++) {
      steps[i] = new Step(modeSpecs[i]);
    }
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    long thread = Thread.currentThread().getId();
    // The cost of the two readings around a call, taken off each call's time.
    long overhead = Long.MAX_VALUE;
    for (int i = 0; i < 20_000; i++) {
      long t0 = mx.getCurrentThreadCpuTime();
      long t1 = mx.getCurrentThreadCpuTime();
      overhead = Math.min(overhead, t1 - t0);
    }
    int m = steps.length, b = builds.length;
    double[][][] us = new double[m][b][rounds];
    double[][][] kb = new double[m][b][rounds];
    double[][][] gcUs = new double[m][b][rounds];
    double[][][] stepUs = new double[m][b][rounds];
    double[][][] decodeUs = new double[m][b][rounds];
    long sink = 0;
    int warm = Math.max(5, rounds / 5);
    for (int r = -warm; r < rounds; r++) {
      for (int i0 = 0; i0 < m * b; i0++) {
        int i = (r & 1) == 0 ? i0 : m * b - 1 - i0;
        int s = i / b, k = i % b;
        Step step = steps[s];
        Build build = builds[k];
        // warm-up of this mode: a tenth of the calls, untimed
        for (int c = 0; c < calls / 10; c++) {
          sink += step.run();
          sink += build.whole(body);
        }
        long cpu = 0, stepCpu = 0, bytes = 0, decodeCpu = 0;
        long gc0 = gcTime(gcs);
        for (int c = 0; c < calls; c++) {
          long s0 = mx.getCurrentThreadCpuTime();
          sink += step.run();
          long a0 = mx.getThreadAllocatedBytes(thread);
          long t0 = mx.getCurrentThreadCpuTime();
          Object decoded = build.decode(body);
          long tm = mx.getCurrentThreadCpuTime();
          sink += build.decideAndEncode(decoded);
          long t1 = mx.getCurrentThreadCpuTime();
          bytes += mx.getThreadAllocatedBytes(thread) - a0;
          cpu += t1 - t0 - 2 * overhead;
          decodeCpu += tm - t0 - overhead;
          stepCpu += t0 - s0;
        }
        long gc1 = gcTime(gcs);
        if (r >= 0) {
          us[s][k][r] = cpu / 1e3 / calls;
          kb[s][k][r] = bytes / 1024.0 / calls;
          gcUs[s][k][r] = (gc1 - gc0) * 1e3 / calls;
          stepUs[s][k][r] = stepCpu / 1e3 / calls;
          decodeUs[s][k][r] = decodeCpu / 1e3 / calls;
        }
      }
    }
    System.out.printf(Locale.ROOT, "thread CPU reading overhead %d ns (taken off each call)%n", overhead);
    for (int s = 0; s < m; s++) {
      for (int k = 0; k < b; k++) {
        double[] ratio = new double[rounds], decodeRatio = new double[rounds], restRatio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
          ratio[r] = us[s][k][r] / us[0][k][r];
          decodeRatio[r] = decodeUs[s][k][r] / decodeUs[0][k][r];
          restRatio[r] = (us[s][k][r] - decodeUs[s][k][r]) / (us[0][k][r] - decodeUs[0][k][r]);
        }
        System.out.printf(Locale.ROOT, "%-28s %s decision %.1f µs (p25 %.1f, p75 %.1f), decode %.1f | / %s %.2f (%.2f-%.2f),"
                + " decode %.2f, decide+encode %.2f | %.1f KB | GC %.1f µs per call | step %.1f µs%n", steps[s].name,
            b > 1 ? (k == 0 ? "A" : "B") : "", q(us[s][k], .5), q(us[s][k], .25), q(us[s][k], .75),
            q(decodeUs[s][k], .5), steps[0].name, q(ratio, .5), q(ratio, .25), q(ratio, .75), q(decodeRatio, .5),
            q(restRatio, .5), q(kb[s][k], .5), mean(gcUs[s][k]), q(stepUs[s][k], .5));
      }
      if (b > 1) {
        double[] ba = new double[rounds];
        for (int r = 0; r < rounds; r++) {
          ba[r] = us[s][1][r] / us[s][0][r];
        }
        System.out.printf(Locale.ROOT, "%-28s B/A per round: median %.2f (p25 %.2f, p75 %.2f)%n", steps[s].name,
            q(ba, .5), q(ba, .25), q(ba, .75));
      }
    }
    if (sink == 42) {
      System.out.println();
    }
  }

  static double mean(double[] x) {
    return Arrays.stream(x).average().orElse(0);
  }

  static long gcTime(List<GarbageCollectorMXBean> gcs) {
    long t = 0;
    for (GarbageCollectorMXBean g : gcs) {
      t += g.getCollectionTime();
    }
    return t;
  }

  static double q(double[] x, double p) {
    double[] y = x.clone();
    Arrays.sort(y);
    return y[(int) Math.round(p * (y.length - 1))];
  }
}
