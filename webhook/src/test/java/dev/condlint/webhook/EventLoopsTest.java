package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.admission.Reviews;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --event-loops}: the admission port is served by as many event-loop threads, each connection by
 * the next in turn, and what is one per port (the bound on bytes held for reviews in flight) stays one
 * across them. Driven over real TLS connections, HTTP/1.1 written by hand so that each request is on a
 * connection of its own.
 */
class EventLoopsTest {
  private static final Pattern SERVED =
      Pattern.compile("condlint_admission_eventloop_requests_total\\{loop=\"([^\"]+)\",?\\} ([0-9.]+)");

  @Test
  void eachConnectionIsServedByTheNextEventLoop() throws Exception {
    TestWebhooks.Running running = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withEventLoops(3));
    try {
      byte[] review = review("uid-0", 0);
      for (int i = 0; i < 3; i++) {
        try (SSLSocket socket = connect(running.port())) {
          send(socket, review, review.length);
          Answer answer = read(socket.getInputStream());
          assertEquals(200, answer.status(), answer.body());
          assertEquals("uid-0", Reviews.json(answer.body()).path("response").path("uid").asText());
        }
      }
      Map<String, Double> served = served(running.probe("/metrics").body());
      assertEquals(3, served.size(), served.toString());
      served.forEach((loop, requests) -> {
        assertTrue(loop.startsWith("vert.x-eventloop-thread-"), loop);
        assertEquals(1.0, requests, served.toString());
      });
      assertTrue(running.logLines().stream().anyMatch(l -> l.contains("\"msg\":\"listening\"")
          && l.contains("\"eventLoops\":3")), running.logLines().toString());
    } finally {
      TestWebhooks.await(running.webhook().shutdown(Duration.ofSeconds(1)));
    }
  }

  /**
   * Two connections on two loops: the first holds 80,000 bytes of a body it does not finish, the second
   * sends a 40,000-byte review. Together they pass the bound of 100,000 bytes, so the first, holding
   * more, gives way: it is answered 503 (not checked) and the second is decided. With a bound per loop
   * both would fit, and the first would wait for the rest of its body.
   */
  @Test
  void theBoundOnBytesHeldIsOneAcrossTheLoops() throws Exception {
    TestWebhooks.Running running = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withEventLoops(2)
        .withLimits(100_000, Duration.ofSeconds(2)).withMaxInflightBytes(100_000)
        .withConnectionTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(60))
        .withBodyStallTimeout(Duration.ofSeconds(30)));
    try (SSLSocket holding = connect(running.port()); SSLSocket deciding = connect(running.port())) {
      byte[] partial = review("uid-held", 90_000);
      send(holding, java.util.Arrays.copyOf(partial, 80_000), partial.length);
      Polling.eventually(Duration.ofSeconds(20), () -> heldBytes(running), held -> held >= 80_000);

      byte[] whole = review("uid-decided", 40_000);
      send(deciding, whole, whole.length);
      Answer decided = read(deciding.getInputStream());
      assertEquals(200, decided.status(), decided.body());
      JsonNode response = Reviews.json(decided.body()).path("response");
      assertEquals("uid-decided", response.path("uid").asText());
      assertTrue(response.path("allowed").asBoolean(), decided.body());

      Answer evicted = read(holding.getInputStream());
      assertEquals(503, evicted.status(), evicted.body());
      assertEquals("{\"code\":503,\"error\":\"condlint was at its bound of 100000 bytes held for reviews in flight"
          + " and did not check the review; the webhook's failurePolicy decides\"}", evicted.body());

      Map<String, Double> served = served(running.probe("/metrics").body());
      assertEquals(List.of(1.0, 1.0), List.copyOf(served.values()), served.toString());
      assertEquals(0.0, Polling.eventually(Duration.ofSeconds(10), () -> heldBytes(running), held -> held == 0));
    } finally {
      TestWebhooks.await(running.webhook().shutdown(Duration.ofSeconds(1)));
    }
  }

  @Test
  void theCountIsAutoOrAWholeNumberOfOneOrMore() {
    Main auto = new Main();
    new CommandLine(auto).parseArgs("--self-signed");
    assertEquals(io.vertx.core.impl.cpu.CpuCoreSensor.availableProcessors(), auto.options().eventLoops());
    Main four = new Main();
    new CommandLine(four).parseArgs("--self-signed", "--event-loops", "4");
    assertEquals(4, four.options().eventLoops());
    Main none = new Main();
    new CommandLine(none).parseArgs("--self-signed", "--event-loops", "0");
    assertEquals("--event-loops must be 1 or more",
        assertThrows(IllegalArgumentException.class, none::options).getMessage());
    Main words = new Main();
    new CommandLine(words).parseArgs("--self-signed", "--event-loops", "many");
    assertEquals("--event-loops takes a number or auto: many",
        assertThrows(IllegalArgumentException.class, words::options).getMessage());
  }

  /** A clean Widget CREATE whose review is {@code size} bytes long (its own size when 0). */
  private static byte[] review(String uid, int size) {
    ObjectNode object = (ObjectNode) Reviews.widget("True", "Synced", "2024-05-01T08:00:00Z");
    ((ObjectNode) object.get("status")).put("pad", "");
    ObjectNode review = Reviews.widgetReview("CREATE", "", object, null);
    ((ObjectNode) review.get("request")).put("uid", uid);
    if (size > 0) {
      ((ObjectNode) object.get("status")).put("pad", "x".repeat(size - review.toString().length()));
    }
    byte[] bytes = review.toString().getBytes(StandardCharsets.UTF_8);
    assertTrue(size == 0 || bytes.length == size);
    return bytes;
  }

  private static double heldBytes(TestWebhooks.Running running) {
    Matcher m = Pattern.compile("(?m)^condlint_inflight_body_bytes ([0-9.E]+)$").matcher(running.probe("/metrics").body());
    return m.find() ? Double.parseDouble(m.group(1)) : -1;
  }

  /** The admission requests each event loop served, by the loop's thread. */
  private static Map<String, Double> served(String metrics) {
    Map<String, Double> served = new TreeMap<>();
    Matcher m = SERVED.matcher(metrics);
    while (m.find()) {
      served.put(m.group(1), Double.parseDouble(m.group(2)));
    }
    return served;
  }

  private static SSLSocket connect(int port) throws Exception {
    SSLSocket socket = (SSLSocket) TestWebhooks.trustingAnyServer().getSocketFactory()
        .createSocket(new Socket("127.0.0.1", port), "localhost", port, true);
    socket.setSoTimeout(30_000);
    socket.startHandshake();
    return socket;
  }

  /** Sends {@code POST /validate} declaring {@code declared} bytes, and {@code body} of them. */
  private static void send(Socket socket, byte[] body, int declared) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
        + declared + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
  }

  private record Answer(int status, String body) {}

  /** Reads one HTTP/1.1 response with a Content-Length. */
  private static Answer read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the connection ended within the head: " + head);
      }
      head.write(b);
    }
    String text = head.toString(StandardCharsets.US_ASCII);
    int status = Integer.parseInt(text.substring(9, 12));
    Matcher length = Pattern.compile("(?i)content-length: *([0-9]+)").matcher(text);
    if (!length.find()) {
      throw new IOException("no content-length: " + text);
    }
    byte[] body = in.readNBytes(Integer.parseInt(length.group(1)));
    return new Answer(status, new String(body, StandardCharsets.UTF_8));
  }
}
