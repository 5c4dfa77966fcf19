package dev.condlint.webhook;

import io.vertx.ext.web.RoutingContext;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A benchmark's switch, off unless the JVM runs with {@code -Dcondlint.requestTrace=FILE}: the moments of
 * each request that carries an {@code x-trace-id} header (a load generator's number for it), so that its
 * latency can be taken apart (benchmarks/profile/trace.sh). Per request: the client's number, the event
 * loop it ran on, and {@link System#nanoTime} when the router saw its head, when its body was whole and its
 * decision began, when the decision was made and when the answer had been written to the connection, and the
 * thread's CPU time when the body was whole and when the answer was written (on the event loop: the decision's
 * CPU, what it costs whatever else the machine runs). The id is
 * echoed in the answer's {@code x-trace-id}, so the client can pair its own send and receive times with
 * these. Rows live off the heap (the collector's work is what is measured, not to be added to); at exit
 * they are written to FILE as tab-separated lines, after one line giving the offset that turns the JVM's
 * log decoration {@code uptimenanos} into {@code System.nanoTime} (a GC log's pauses on the same clock).
 *
 * <p>When off, each hook is one test of a static final boolean.
 */
final class RequestTrace {
  static final String HEADER = "x-trace-id";
  static final boolean ON = System.getProperty("condlint.requestTrace") != null;

  private static final int FIELDS = 8;
  private static final int ROWS = 1 << 20;
  private static final String KEY = "condlint.trace.row";
  private static final LongBuffer rows = ON
      ? ByteBuffer.allocateDirect(ROWS * FIELDS * Long.BYTES).asLongBuffer()
      : null;
  private static final ThreadMXBean THREADS = ON ? ManagementFactory.getThreadMXBean() : null;
  private static final AtomicLong next = new AtomicLong();
  private static final long uptimeOffset = ON ? uptimeOffset() : 0;

  static {
    if (ON) {
      Path file = Path.of(System.getProperty("condlint.requestTrace"));
      Runtime.getRuntime().addShutdownHook(new Thread(() -> dump(file), "condlint-trace-dump"));
    }
  }

  private RequestTrace() {}

  /** The router saw a request's head: starts its row if the client numbered it. */
  static void head(RoutingContext ctx) {
    if (!ON) {
      return;
    }
    String id = ctx.request().getHeader(HEADER);
    if (id == null) {
      return;
    }
    long now = System.nanoTime();
    int row = (int) (next.getAndIncrement() & (ROWS - 1));
    int at = row * FIELDS;
    long parsed;
    try {
      parsed = Long.parseLong(id);
    } catch (NumberFormatException e) {
      parsed = -1;
    }
    rows.put(at, parsed);
    rows.put(at + 1, loop());
    rows.put(at + 2, now);
    rows.put(at + 3, 0);
    rows.put(at + 4, 0);
    rows.put(at + 5, 0);
    rows.put(at + 6, 0);
    rows.put(at + 7, 0);
    ctx.put(KEY, at);
    ctx.response().putHeader(HEADER, id);
  }

  /**
   * The body is whole and its decision begins ({@code nanos} from {@link System#nanoTime}); {@code onLoop}: it is
   * decided on this thread, whose CPU time is then taken here and when the answer is written.
   */
  static void bodyWhole(RoutingContext ctx, long nanos, boolean onLoop) {
    mark(ctx, 3, nanos);
    if (onLoop) {
      mark(ctx, 6, ON ? THREADS.getCurrentThreadCpuTime() : 0);
    }
  }

  /** The decision is made. */
  static void decided(RoutingContext ctx) {
    mark(ctx, 4, ON ? System.nanoTime() : 0);
  }

  /**
   * The answer was handed to the connection: on the event loop, {@code end} encrypts and writes it to the
   * socket before it returns (what the client waits for after this is the kernel and its own loop).
   */
  static void written(RoutingContext ctx) {
    if (!ON || ctx.get(KEY) == null) {
      return;
    }
    int at = ctx.get(KEY);
    rows.put(at + 5, System.nanoTime());
    if (rows.get(at + 6) != 0) {
      rows.put(at + 7, THREADS.getCurrentThreadCpuTime());
    }
  }

  private static void mark(RoutingContext ctx, int field, long nanos) {
    if (!ON) {
      return;
    }
    Integer at = ctx.get(KEY);
    if (at != null) {
      rows.put(at + field, nanos);
    }
  }

  /** The number at the end of an event loop's thread name ("vert.x-eventloop-thread-3"), else -1. */
  private static long loop() {
    String name = Thread.currentThread().getName();
    int dash = name.lastIndexOf('-');
    try {
      return Long.parseLong(name.substring(dash + 1));
    } catch (NumberFormatException | IndexOutOfBoundsException e) {
      return -1;
    }
  }

  /**
   * {@code System.nanoTime()} minus the JVM's uptime in nanoseconds: the JVM's uptime in milliseconds
   * ({@link RuntimeMXBean#getUptime}) and the log's {@code uptimenanos} both count from the same start on
   * the monotonic clock that {@code nanoTime} reads; the moment the milliseconds tick over gives the
   * offset to within the time of one call.
   */
  private static long uptimeOffset() {
    RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      long before = runtime.getUptime();
      long now;
      long ms;
      do {
        now = System.nanoTime();
        ms = runtime.getUptime();
      } while (ms == before);
      // The tick happened between the previous read and this one: nanoTime read just before it bounds it.
      best = Math.min(best, now - ms * 1_000_000L);
    }
    return best;
  }

  private static void dump(Path file) {
    long n = Math.min(next.get(), ROWS);
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("# uptimeOffsetNanos\t" + uptimeOffset + "\n");
      out.write("# id\tloop\thead\tbody\tdecided\twritten\tcpuAtBody\tcpuAtWritten\n");
      for (int row = 0; row < n; row++) {
        int at = row * FIELDS;
        out.write(rows.get(at) + "\t" + rows.get(at + 1) + "\t" + rows.get(at + 2) + "\t" + rows.get(at + 3)
            + "\t" + rows.get(at + 4) + "\t" + rows.get(at + 5) + "\t" + rows.get(at + 6) + "\t" + rows.get(at + 7)
            + "\n");
      }
    } catch (IOException e) {
      System.err.println("request trace: cannot write " + file + ": " + e);
    }
  }
}
