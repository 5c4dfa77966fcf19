import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.admission.*;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.*;
import java.time.*;
import java.util.*;

/**
 * The webhook's decision CPU, by thread CPU time rather than wall time (which a shared machine makes
 * useless): per AdmissionReview file, the streaming decode alone, and decode, decide and encode (the
 * webhook's path, built-in rules, enforce mode, a fixed clock), each per call; "decide" is their
 * difference. Median of ROUNDS rounds of CALLS calls after WARMUP rounds, with the range of "decide".
 *
 * <p>A single-file program, so that it runs against any build's jar, for a before-and-after in the
 * same run: {@code java -XX:+UseSerialGC -cp OTHER/benchmarks.jar benchmarks/cpu/DecisionCpu.java 5 4
 * 2000 review-small.json review-20k.json} (the reviews from {@code benchmarks.jar reviews --out DIR}).
 */
public class DecisionCpu {
  static final ObjectMapper JSON = new ObjectMapper();
  public static void main(String[] a) throws Exception {
    int rounds = Integer.parseInt(a[0]), warm = Integer.parseInt(a[1]), calls = Integer.parseInt(a[2]);
    Clock clock = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, clock);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    for (int f = 3; f < a.length; f++) {
      byte[] body = Files.readAllBytes(Path.of(a[f]));
      double[] dec = new double[rounds], all = new double[rounds];
      for (int r = -warm; r < rounds; r++) {
        long t0 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) sink ^= decode(admission, body).treeBytes();
        long t1 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
          ReviewDecoder.Decoded d = decode(admission, body);
          sink ^= JSON.writeValueAsBytes(AdmissionResponses.of(admission.decide(d.request()))).length;
        }
        long t2 = mx.getCurrentThreadCpuTime();
        if (r >= 0) { dec[r] = (t1 - t0) / 1e3 / calls; all[r] = (t2 - t1) / 1e3 / calls; }
      }
      double[] decide = new double[rounds];
      for (int r = 0; r < rounds; r++) decide[r] = all[r] - dec[r];
      System.out.printf(Locale.ROOT, "%s decode %.1f  all %.1f  decide %.1f (range %.1f-%.1f)%n",
          Path.of(a[f]).getFileName(), med(dec), med(all), med(decide), Arrays.stream(decide).min().getAsDouble(),
          Arrays.stream(decide).max().getAsDouble());
    }
    if (sink == 42) System.out.println();
  }
  static long sink;
  // A build whose decoder takes a ReviewDecoder.Source compares parts of the body in place (as the
  // webhook's Body does); an older build reads a stream only.
  static final java.lang.invoke.MethodHandle SOURCE_OF, DECODE;
  static {
    java.lang.invoke.MethodHandle of = null, decode = null;
    try {
      Class<?> source = Class.forName("dev.condlint.admission.ReviewDecoder$Source");
      var lookup = java.lang.invoke.MethodHandles.publicLookup();
      of = lookup.findStatic(source, "of", java.lang.invoke.MethodType.methodType(source, byte[].class));
      decode = lookup.findVirtual(ReviewDecoder.class, "decode", java.lang.invoke.MethodType.methodType(ReviewDecoder.Decoded.class, source));
    } catch (ReflectiveOperationException older) {
      // Supplier<InputStream> only.
    }
    SOURCE_OF = of;
    DECODE = decode;
  }
  static ReviewDecoder.Decoded decode(Admission admission, byte[] body) throws Exception {
    if (SOURCE_OF == null) return admission.decoder().decode(() -> new ByteArrayInputStream(body));
    try {
      return (ReviewDecoder.Decoded) DECODE.invoke(admission.decoder(), SOURCE_OF.invoke(body));
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
  static double med(double[] x) { double[] y = x.clone(); Arrays.sort(y); return y[y.length / 2]; }
}
