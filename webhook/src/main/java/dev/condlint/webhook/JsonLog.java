package dev.condlint.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Structured logs: one JSON object per line on standard output, as log collectors expect.
 *
 * <p>The per-request lines ({@link #infoBatched}) are formatted on the caller's thread and written in
 * batches by one daemon thread ({@code condlint-log}), about {@value #LINGER_MS} ms later: an event
 * loop must not wait for a write to stdout (a pipe to the container runtime) on every request. A line
 * that lands in an empty buffer schedules a {@link #flush} after that linger, and the lines that follow
 * go with it. Every other line is rare (start, reload, errors, shutdown) and is written at once, after
 * the batched lines before it, so the order of lines is the order of the calls and nothing is pending
 * once such a line is out (the last one at shutdown is {@code stopped}). When {@value
 * #MAX_PENDING_CHARS} characters are pending, the caller writes the batch itself: memory stays bounded
 * and the log loses nothing. Lines still pending when the JVM ends abruptly are lost.
 */
final class JsonLog {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NEWLINE = System.lineSeparator();
  // How long a batch waits after its first line, to write many lines at once.
  private static final long LINGER_MS = 20;
  private static final int MAX_PENDING_CHARS = 1 << 20;
  /**
   * The most characters of a value a line keeps; a longer one is cut there and its length noted. What a
   * client chooses and a line repeats (a review's name, an apiVersion quoted in an error) must not make the
   * line as long as the body: the API server sends names of at most 253 characters, but anyone who
   * reaches the port could turn each byte sent into a byte of log.
   */
  static final int MAX_VALUE_CHARS = 300;

  /** The process's log writer thread, created with the first log that uses it. */
  private static final class DefaultWriter {
    static final ScheduledExecutorService INSTANCE = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "condlint-log");
      thread.setDaemon(true);
      return thread;
    });
  }

  private final PrintStream out;
  private final Clock clock;
  private final ScheduledExecutorService writer;
  // Guards pending; held only to append or swap, never while writing.
  private final Object lock = new Object();
  // Held while a batch is taken and written, so batches reach the stream in order.
  private final Object writeLock = new Object();
  private StringBuilder pending = new StringBuilder();

  JsonLog(PrintStream out, Clock clock) {
    this(out, clock, DefaultWriter.INSTANCE);
  }

  /** Batches are flushed on {@code writer}: tests pass one they can hold back. */
  JsonLog(PrintStream out, Clock clock, ScheduledExecutorService writer) {
    this.out = out;
    this.clock = clock;
    this.writer = writer;
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

  /** Cuts the line's long text values, and those in its lists, to {@link #MAX_VALUE_CHARS}. */
  private static void cutLongValues(ObjectNode line) {
    for (Map.Entry<String, JsonNode> field : line.properties()) {
      JsonNode value = field.getValue();
      if (value.isTextual() && value.textValue().length() > MAX_VALUE_CHARS) {
        field.setValue(TextNode.valueOf(cut(value.textValue())));
      } else if (value instanceof ArrayNode list) {
        for (int i = 0; i < list.size(); i++) {
          if (list.get(i).isTextual() && list.get(i).textValue().length() > MAX_VALUE_CHARS) {
            list.set(i, cut(list.get(i).textValue()));
          }
        }
      }
    }
  }

  /** The first {@link #MAX_VALUE_CHARS} characters (never half a surrogate pair), and how long it was. */
  static String cut(String text) {
    int end = Character.isHighSurrogate(text.charAt(MAX_VALUE_CHARS - 1)) ? MAX_VALUE_CHARS - 1 : MAX_VALUE_CHARS;
    return text.substring(0, end) + "… (" + text.length() + " characters)";
  }

  private void write(String level, String message, Consumer<ObjectNode> fields, boolean batched) {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", clock.instant().toString());
    line.put("level", level);
    line.put("msg", message);
    fields.accept(line);
    cutLongValues(line);
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
      if (batched && !full && wasEmpty) {
        // The first line of a batch: the lines that follow within the linger go with it.
        writer.schedule(this::flush, LINGER_MS, TimeUnit.MILLISECONDS);
      }
    }
    if (!batched || full) {
      flush();
    }
  }
}
