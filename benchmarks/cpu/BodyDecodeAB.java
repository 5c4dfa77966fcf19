import java.lang.management.ManagementFactory;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BiPredicate;

/**
 * Two webhook builds' decode of a review as the server holds it, in one JVM: the body as the chunks
 * Vert.x hands over (heap buffers of CHUNK bytes), in the webhook's {@code Body}, decoded by the
 * admission's {@code ReviewDecoder} through it (its stream, and its in-place comparison of the two
 * statuses), each build's classes in a class loader of their own and their rounds interleaved, as
 * {@code DecisionAB.java} does for the decision. {@code DecisionAB} decodes from one array
 * ({@code Source.of(byte[])}), so it does not see what the webhook's {@code Body} costs.
 *
 * <p>{@code java -XX:+UseSerialGC -Xmx512m benchmarks/cpu/BodyDecodeAB.java ROUNDS CALLS REVIEW CHUNK
 * JAR_A JAR_B}, each jar a build's {@code condlint-webhook.jar} (e.g. 100 300
 * /tmp/reviews/review-20k.json 8192 ...), or a classpath with a module's {@code target/classes} before the
 * jar ({@code admission/target/classes:OTHER/condlint-webhook.jar}). Prints the least, p25 and median
 * thread CPU per decode of each build, its bytes allocated per decode (the median of the rounds, with the
 * Body and its chunks' wrappers), and the median and quartiles of the per-round ratios B / A.
 */
public class BodyDecodeAB {
  /** One build: a Body of the chunks, and the decoder. */
  static final class Build {
    final Object decoder;
    final Method decode;
    final Method treeBytes;
    final Constructor<?> body;
    final Method add;
    final Method open;
    final Object connection;
    final Object[] chunks;
    final java.lang.reflect.Field holder;
    final Method close;

    Build(String jar, byte[] review, int chunk) throws Exception {
      // A classpath of its own: a module's target/classes may stand before the jar, as DecisionAB allows.
      java.util.List<URL> urls = new java.util.ArrayList<>();
      for (String p : jar.split(":")) {
        urls.add(Path.of(p).toUri().toURL());
      }
      ClassLoader l = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
      Class<?> decoderType = l.loadClass("dev.condlint.admission.ReviewDecoder");
      Class<?> source = l.loadClass("dev.condlint.admission.ReviewDecoder$Source");
      BiPredicate<String, String> none = (apiVersion, kind) -> false;
      decoder = decoderType.getConstructor(BiPredicate.class).newInstance(none);
      decode = decoderType.getMethod("decode", source);
      treeBytes = l.loadClass("dev.condlint.admission.ReviewDecoder$Decoded").getMethod("treeBytes");
      Class<?> budget = l.loadClass("dev.condlint.webhook.InflightBudget");
      Constructor<?> budgetOf = budget.getDeclaredConstructor(long.class);
      budgetOf.setAccessible(true);
      Method connectionOf = budget.getDeclaredMethod("connection");
      connectionOf.setAccessible(true);
      connection = connectionOf.invoke(budgetOf.newInstance(1L << 40));
      Class<?> connectionType = l.loadClass("dev.condlint.webhook.InflightBudget$Connection");
      open = connectionType.getDeclaredMethod("open", Runnable.class);
      open.setAccessible(true);
      Class<?> holderType = l.loadClass("dev.condlint.webhook.InflightBudget$Holder");
      Class<?> bodyType = l.loadClass("dev.condlint.webhook.Body");
      body = bodyType.getDeclaredConstructor(holderType);
      body.setAccessible(true);
      Class<?> buffer = l.loadClass("io.vertx.core.buffer.Buffer");
      add = bodyType.getDeclaredMethod("add", buffer);
      add.setAccessible(true);
      holder = bodyType.getDeclaredField("holder");
      holder.setAccessible(true);
      close = holderType.getDeclaredMethod("close");
      close.setAccessible(true);
      Method empty = buffer.getMethod("buffer");
      Method appendBytes = buffer.getMethod("appendBytes", byte[].class, int.class, int.class);
      int n = (review.length + chunk - 1) / chunk;
      chunks = new Object[n];
      for (int i = 0; i < n; i++) {
        int from = i * chunk;
        chunks[i] = appendBytes.invoke(empty.invoke(null), review, from, Math.min(chunk, review.length - from));
      }
    }

    long decode() throws Exception {
      Object b = body.newInstance(open.invoke(connection, (Runnable) () -> {}));
      for (Object c : chunks) {
        add.invoke(b, c);
      }
      long bytes = (long) treeBytes.invoke(decode.invoke(decoder, b));
      // The holder is closed as the webhook closes it once the work has stopped.
      close.invoke(holder.get(b));
      return bytes;
    }
  }

  public static void main(String[] a) throws Exception {
    int rounds = Integer.parseInt(a[0]);
    int calls = Integer.parseInt(a[1]);
    byte[] review = Files.readAllBytes(Path.of(a[2]));
    int chunk = Integer.parseInt(a[3]);
    Build[] builds = {new Build(a[4], review, chunk), new Build(a[5], review, chunk)};
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    double[][] cpu = new double[2][rounds];
    double[][] allocated = new double[2][rounds];
    long tid = Thread.currentThread().getId();
    long sink = 0;
    for (int r = -Math.max(4, rounds / 4); r < rounds; r++) {
      for (int i = 0; i < 2; i++) {
        int k = (r & 1) == 0 ? i : 1 - i;
        long b0 = mx.getThreadAllocatedBytes(tid);
        long t0 = mx.getCurrentThreadCpuTime();
        for (int c = 0; c < calls; c++) {
          sink += builds[k].decode();
        }
        long t1 = mx.getCurrentThreadCpuTime();
        long b1 = mx.getThreadAllocatedBytes(tid);
        if (r >= 0) {
          cpu[k][r] = (t1 - t0) / 1e3 / calls;
          allocated[k][r] = (double) (b1 - b0) / calls;
        }
      }
    }
    double[] ratio = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      ratio[r] = cpu[1][r] / cpu[0][r];
    }
    for (int k = 0; k < 2; k++) {
      System.out.printf(Locale.ROOT, "%s: decode from the Body min %.1f p25 %.1f med %.1f µs, allocated %.0f bytes%n",
          k == 0 ? "A" : "B", q(cpu[k], 0), q(cpu[k], .25), q(cpu[k], .5), q(allocated[k], .5));
    }
    System.out.printf(Locale.ROOT, "B/A per round: median %.2f (p25 %.2f, p75 %.2f)%n", q(ratio, .5), q(ratio, .25),
        q(ratio, .75));
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
