package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Batched decision lines reach the stream in call order, without being lost or held back for long. */
class JsonLogTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final JsonLog log = new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8),
      Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC));

  private List<String> lines() {
    synchronized (out) {
      return out.toString(StandardCharsets.UTF_8).lines().toList();
    }
  }

  private static String line(String level, String msg, int n) {
    return "{\"time\":\"2024-06-01T00:00:00Z\",\"level\":\"" + level + "\",\"msg\":\"" + msg + "\",\"n\":" + n + "}";
  }

  private static String batchedLine(int n, String padding) {
    return line("info", "decision", n).replace("}", ",\"pad\":\"" + padding + "\"}");
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
  void theWriterThreadWritesABatchedLineWithoutAFlush() throws InterruptedException {
    log.infoBatched("decision", l -> l.put("n", 1));

    // Bounded wait for the background writer; the assertion is on what it wrote, not on when.
    for (int i = 0; i < 500 && lines().isEmpty(); i++) {
      Thread.sleep(10);
    }
    assertEquals(List.of(line("info", "decision", 1)), lines());
  }

  @Test
  void aCallerWhoseLineFillsTheBatchWritesItItselfSoMemoryStaysBounded() {
    log.infoBatched("decision", l -> l.put("n", 1));
    String padding = "x".repeat(1 << 20);
    log.infoBatched("decision", l -> l.put("n", 2).put("pad", padding));

    // Written by the call itself, not by the writer thread: nothing is left pending.
    assertEquals(List.of(line("info", "decision", 1), batchedLine(2, padding)), lines());
  }
}
