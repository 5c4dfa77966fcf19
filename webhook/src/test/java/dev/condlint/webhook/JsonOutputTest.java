package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Reviews;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code condlint-webhook} writes is JSON, one object per line on stdout, whatever happens: bad
 * arguments, a port in use, clients that break off, Vert.x's own log records; stderr stays empty.
 */
class JsonOutputTest {
  private static final List<String> JVM = List.of("-Xmx128m", "-XX:TieredStopAtLevel=1");

  /** Every stdout line, read as JSON (failing on one that is not), after the process ended with {@code status}. */
  private static List<JsonNode> ended(ChildWebhook webhook, int status) throws InterruptedException {
    assertEquals(status, webhook.awaitExit(Duration.ofSeconds(60)), webhook.stdout().toString());
    assertEquals("", webhook.stderr());
    return webhook.stdout().stream().map(line -> {
      JsonNode json = Reviews.json(line);
      assertTrue(json != null && json.isObject(), "not a JSON object: " + line);
      return json;
    }).toList();
  }

  private static String summary(JsonNode line) {
    return line.path("level").asText() + " " + line.path("msg").asText() + ": " + line.path("error").asText();
  }

  @Test
  void badArgumentsAreOneJsonError(@TempDir Path dir) throws Exception {
    try (ChildWebhook webhook = ChildWebhook.start(dir, JVM, List.of("--self-signed", "--port", "x"))) {
      assertEquals(List.of("error invalid arguments: Invalid value for option '--port': 'x' is not an int"),
          ended(webhook, 2).stream().map(JsonOutputTest::summary).toList());
    }
    try (ChildWebhook webhook = ChildWebhook.start(dir, JVM, List.of("--self-signed", "--max-inflight-bytes", "lots"))) {
      assertEquals(List.of("error invalid arguments: --max-inflight-bytes takes a number of bytes or auto: lots"),
          ended(webhook, 2).stream().map(JsonOutputTest::summary).toList());
    }
  }

  @Test
  void aPortInUseIsOneJsonError(@TempDir Path dir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
        ChildWebhook webhook = ChildWebhook.start(dir, JVM, List.of("--self-signed", "--host", "127.0.0.1",
            "--port", String.valueOf(taken.getLocalPort()), "--probe-port", "0"))) {
      List<JsonNode> lines = ended(webhook, 1);
      assertEquals("error cannot start: Address already in use", summary(lines.get(lines.size() - 1)));
    }
  }

  @Test
  void clientsThatBreakOffLeaveOnlyJsonLines(@TempDir Path dir) throws Exception {
    try (ChildWebhook webhook = ChildWebhook.start(dir, JVM,
        List.of("--self-signed", "--host", "127.0.0.1", "--port", "0", "--probe-port", "0"))) {
      int port = webhook.portLogged("listening");
      // Plain HTTP to the TLS port; half a TLS handshake; a TLS connection cut in the middle of a request.
      try (Socket plain = new Socket("127.0.0.1", port)) {
        plain.getOutputStream().write("POST /validate HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        plain.getInputStream().read();
      } catch (IOException expected) {
        // The server closes it.
      }
      try (Socket half = new Socket("127.0.0.1", port)) {
        half.getOutputStream().write(new byte[] {0x16, 0x03, 0x01, 0x00, 0x40, 0x01});
      }
      try (javax.net.ssl.SSLSocket tls = (javax.net.ssl.SSLSocket) TestWebhooks.trustingAnyServer()
          .getSocketFactory().createSocket("127.0.0.1", port)) {
        OutputStream out = tls.getOutputStream();
        out.write("POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"a\""
            .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        tls.setSoLinger(true, 0);
      }
      Thread.sleep(500);
      webhook.terminate();
      List<JsonNode> lines = ended(webhook, 143);
      assertEquals("stopped", lines.get(lines.size() - 1).path("msg").asText());
    }
  }

  /** Vert.x logs through java.util.logging; its records become JSON lines. */
  @Test
  void javaUtilLoggingRecordsAreJsonLines() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLog log = new JsonLog(new PrintStream(out, true, StandardCharsets.UTF_8),
        Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC));
    JulToJsonLog handler = new JulToJsonLog(log);
    LogRecord severe = new LogRecord(Level.SEVERE, "Unhandled exception in {0}");
    severe.setParameters(new Object[] {"a handler"});
    severe.setLoggerName("io.vertx.core.impl.ContextImpl");
    severe.setThrown(new IllegalStateException("broken"));
    handler.publish(severe);
    LogRecord warning = new LogRecord(Level.WARNING, "Thread blocked");
    warning.setLoggerName("io.vertx.core.impl.BlockedThreadChecker");
    handler.publish(warning);
    LogRecord fine = new LogRecord(Level.FINE, "detail");
    handler.publish(fine);
    handler.flush();
    assertEquals(List.of(
            "{\"time\":\"2024-06-01T00:00:00Z\",\"level\":\"error\",\"msg\":\"Unhandled exception in a handler\","
                + "\"logger\":\"io.vertx.core.impl.ContextImpl\",\"exception\":\"java.lang.IllegalStateException: broken\"}",
            "{\"time\":\"2024-06-01T00:00:00Z\",\"level\":\"warn\",\"msg\":\"Thread blocked\","
                + "\"logger\":\"io.vertx.core.impl.BlockedThreadChecker\"}"),
        out.toString(StandardCharsets.UTF_8).lines().toList());
  }
}
