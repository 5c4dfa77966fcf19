package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Batched decision lines wait for the writer and reach the stream in call order, without being lost.
 * The writer is a scheduler the test holds back: its one thread waits on {@link #release} before it
 * runs anything, so what is written before the release was written by the callers themselves.
 */
class JsonLogTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final CountDownLatch release = new CountDownLatch(1);
  private final ScheduledThreadPoolExecutor writer = heldBack(release);
  private final JsonLog log = new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8),
      Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC), writer);

  /** A one-thread scheduler whose thread is busy until {@code release}: its queue holds what is scheduled. */
  private static ScheduledThreadPoolExecutor heldBack(CountDownLatch release) {
    ScheduledThreadPoolExecutor writer = new ScheduledThreadPoolExecutor(1);
    try {
      HeldThreads.holdUntil(release, List.of(writer));
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
    return writer;
  }

  /** Lets the writer run, then waits until it has run every task it holds, the delayed ones included. */
  private void runTheWriter() throws InterruptedException {
    release.countDown();
    writer.shutdown();
    assertTrue(writer.awaitTermination(30, TimeUnit.SECONDS), "the writer did not finish its tasks");
  }

  @AfterEach
  void stopTheWriter() {
    release.countDown();
    writer.shutdownNow();
  }

  private List<String> lines() {
    synchronized (out) {
      return out.toString(StandardCharsets.UTF_8).lines().toList();
    }
  }

  private static String line(String level, String msg, int n) {
    return "{\"time\":\"2024-06-01T00:00:00Z\",\"level\":\"" + level + "\",\"msg\":\"" + msg + "\",\"n\":" + n + "}";
  }

  @Test
  void aBatchedLineIsPendingUntilTheWriterFlushesIt() throws InterruptedException {
    log.infoBatched("decision", l -> l.put("n", 1));
    log.infoBatched("decision", l -> l.put("n", 2));

    assertEquals(List.of(), lines());
    // Only the line that found the buffer empty scheduled a flush; the second goes with it.
    assertEquals(1, writer.getQueue().size());
    runTheWriter();
    assertEquals(List.of(line("info", "decision", 1), line("info", "decision", 2)), lines());
  }

  @Test
  void aLineAfterAFlushStartsANewBatch() throws InterruptedException {
    log.infoBatched("decision", l -> l.put("n", 1));
    log.flush();
    log.infoBatched("decision", l -> l.put("n", 2));

    assertEquals(List.of(line("info", "decision", 1)), lines());
    assertEquals(2, writer.getQueue().size());
    runTheWriter();
    assertEquals(List.of(line("info", "decision", 1), line("info", "decision", 2)), lines());
  }

  @Test
  void anImmediateLineWritesTheBatchedLinesBeforeItInCallOrder() {
    log.infoBatched("decision", l -> l.put("n", 1));
    log.infoBatched("decision", l -> l.put("n", 2));
    log.warn("reload failed", l -> l.put("n", 3));

    assertEquals(List.of(line("info", "decision", 1), line("info", "decision", 2), line("warn", "reload failed", 3)),
        lines());
  }

  @Test
  void aCallerWhoseLineFillsTheBatchWritesItItselfSoMemoryStaysBounded() {
    log.infoBatched("decision", l -> l.put("n", 1));
    // A megabyte in values of at most JsonLog.MAX_VALUE_CHARS each: a longer value would be cut.
    List<String> padding = java.util.Collections.nCopies((1 << 20) / JsonLog.MAX_VALUE_CHARS + 1,
        "x".repeat(JsonLog.MAX_VALUE_CHARS));
    log.infoBatched("decision", l -> padding.forEach(l.put("n", 2).putArray("pad")::add));

    // Written by the call itself, the writer is held back: nothing is left pending.
    assertEquals(List.of(line("info", "decision", 1), line("info", "decision", 2).replace("}", ",\"pad\":[\""
        + String.join("\",\"", padding) + "\"]}")), lines());
  }

  /** A value longer than JsonLog.MAX_VALUE_CHARS is cut there, with its length; never within a surrogate pair. */
  @Test
  void longValuesAreCutWithTheirLength() {
    String emoji = "\uD83D\uDE00";
    log.warn("bad request", l -> l.put("error", "e".repeat(299) + emoji + "tail").put("n", 3)
        .putArray("rules").add("r".repeat(400)).add("short"));
    assertEquals(List.of("{\"time\":\"2024-06-01T00:00:00Z\",\"level\":\"warn\",\"msg\":\"bad request\",\"error\":\""
        + "e".repeat(299) + "… (305 characters)\",\"n\":3,\"rules\":[\"" + "r".repeat(300) + "… (400 characters)\",\"short\"]}"),
        lines());
  }

  @Test
  void theDefaultWriterIsOneDaemonThreadNamedCondlintLog() throws Exception {
    JsonLog standard = new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8),
        Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC));
    standard.infoBatched("decision", l -> l.put("n", 1));
    // Bounded wait for the writer; what is asserted is what it wrote and on which thread, not when.
    Polling.waitUntil(Duration.ofSeconds(5), () -> !lines().isEmpty());
    assertEquals(List.of(line("info", "decision", 1)), lines());
    List<Thread> writers = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("condlint-log")).toList();
    assertEquals(1, writers.size(), writers.toString());
    assertTrue(writers.get(0).isDaemon());
  }
}
