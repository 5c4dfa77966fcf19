package dev.condlint.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * Structured logs: one JSON object per line on standard output, as log collectors expect.
 *
 * <p>The per-request lines ({@link #infoBatched}) are formatted on the caller's thread and written by
 * a daemon thread in batches, a few milliseconds later: an event loop must not wait for a write to
 * stdout (a pipe to the container runtime) on every request. Every other line is rare (start, reload,
 * errors, shutdown) and is written at once, after the batched lines before it, so the order of lines
 * is the order of the calls and nothing is pending once such a line is out (the last one at shutdown
 * is {@code stopped}). When the writer falls behind by {@value #MAX_PENDING_CHARS} characters, the
 * caller writes the batch itself: memory stays bounded and the log loses nothing.
 */
final class JsonLog {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NEWLINE = System.lineSeparator();
  // How long the writer waits after the first pending line, to write many lines at once.
  private static final long LINGER_MS = 20;
  // How long an idle writer thread stays before it ends; the next line starts another.
  private static final long IDLE_MS = 2_000;
  private static final int MAX_PENDING_CHARS = 1 << 20;

  private final PrintStream out;
  private final Clock clock;
  // Guards pending and writerRunning; held only to append or swap, never while writing.
  private final Object lock = new Object();
  // Held while a batch is taken and written, so batches reach the stream in order.
  private final Object writeLock = new Object();
  private StringBuilder pending = new StringBuilder();
  private boolean writerRunning;

  JsonLog(PrintStream out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  void info(String message, Consumer<ObjectNode> fields) {
    write("info", message, fields, false);
  }

  /** An info line written with the next batch: for the lines every request logs. */
  void infoBatched(String message, Consumer<ObjectNode> fields) {
    write("info", message, fields, true);
  }

  void warn(String message, Consumer<ObjectNode> fields) {
    write("warn", message, fields, false);
  }

  void error(String message, Consumer<ObjectNode> fields) {
    write("error", message, fields, false);
  }

  /** Writes every pending line now. */
  void flush() {
    synchronized (writeLock) {
      String batch;
      synchronized (lock) {
        if (pending.length() == 0) {
          return;
        }
        batch = pending.toString();
        pending = new StringBuilder(Math.min(batch.length() * 2, MAX_PENDING_CHARS));
      }
      synchronized (out) {
        out.print(batch);
        out.flush();
      }
    }
  }

  private void write(String level, String message, Consumer<ObjectNode> fields, boolean batched) {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", clock.instant().toString());
    line.put("level", level);
    line.put("msg", message);
    fields.accept(line);
    String text;
    try {
      text = JSON.writeValueAsString(line);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    boolean full;
    synchronized (lock) {
      boolean wasEmpty = pending.length() == 0;
      pending.append(text).append(NEWLINE);
      full = pending.length() >= MAX_PENDING_CHARS;
      if (batched && !full && !writerRunning) {
        writerRunning = true;
        Thread writer = new Thread(this::writeBatches, "condlint-log");
        writer.setDaemon(true);
        writer.start();
      } else if (batched && !full && wasEmpty) {
        // The writer waits only while nothing is pending.
        lock.notifyAll();
      }
    }
    if (!batched || full) {
      flush();
    }
  }

  /** The writer thread: waits for lines, lingers so that they add up, writes them; ends when idle. */
  private void writeBatches() {
    try {
      while (true) {
        synchronized (lock) {
          long idleUntil = System.nanoTime() + IDLE_MS * 1_000_000;
          while (pending.length() == 0) {
            long left = (idleUntil - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
              writerRunning = false;
              return;
            }
            lock.wait(left);
          }
        }
        Thread.sleep(LINGER_MS);
        flush();
      }
    } catch (InterruptedException e) {
      synchronized (lock) {
        writerRunning = false;
      }
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // A failing stream: let the next line start a new writer, and its caller see the failure.
      synchronized (lock) {
        writerRunning = false;
      }
      throw e;
    }
  }
}
