package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The probe port's refusals (plain HTTP/1.1, written byte for byte) are answered as the admission port's
 * are: a short JSON body {@code {"code": N, "error": "..."}} naming the problem, and a {@code request
 * refused} log line. Before, an unknown path, a method other than GET and a request the codec could not
 * read were answered with Vert.x's defaults: 404, 405 and 400/414/431 with empty bodies, and no log line.
 */
class ProbePortErrorsTest {
  private static final String SECRET = "hunter2";
  private static final String SERVES = "the probe port serves GET /healthz, /readyz and /metrics";
  private static TestWebhooks.Running server;

  @BeforeAll
  static void start() {
    server = TestWebhooks.start(WebhookOptions.selfSigned(0));
  }

  @AfterAll
  static void stop() {
    try {
      for (String line : server.logLines()) {
        assertFalse(line.contains(SECRET), line);
        assertFalse(line.contains("\"level\":\"error\""), line);
      }
    } finally {
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  private static String error(int code, String message) {
    return "{\"code\":" + code + ",\"error\":\"" + message + "\"}";
  }

  /** A request as written, the answer it gets (status, content type, body), and whether the connection is then closed. */
  static Stream<Arguments> requests() {
    String invalid = "the request is not valid HTTP/1.1: ";
    String json = "application/json";
    return Stream.of(
        Arguments.of("GET /nothing", "GET /nothing HTTP/1.1\r\nHost: p\r\n\r\n",
            new Answer(404, json, error(404, "nothing here: " + SERVES)), false),
        Arguments.of("GET /validate", "GET /validate HTTP/1.1\r\nHost: p\r\n\r\n",
            new Answer(404, json, error(404, "nothing here: " + SERVES)), false),
        Arguments.of("POST /healthz", "POST /healthz HTTP/1.1\r\nHost: p\r\nContent-Length: 2\r\n\r\n{}",
            new Answer(405, json, error(405, "POST is not allowed: " + SERVES)), false),
        Arguments.of("DELETE /metrics", "DELETE /metrics HTTP/1.1\r\nHost: p\r\n\r\n",
            new Answer(405, json, error(405, "DELETE is not allowed: " + SERVES)), false),
        Arguments.of("no Host", "GET /healthz HTTP/1.1\r\n\r\n",
            new Answer(400, json, error(400, "the request has no Host header, which HTTP/1.1 requires")), false),
        Arguments.of("two content-lengths", "POST /healthz HTTP/1.1\r\nHost: p\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}",
            new Answer(400, json, error(400, invalid + "Multiple Content-Length values found: [2, 5]")), true),
        Arguments.of("a 9,000-character target", "GET /healthz?" + "a".repeat(9_000) + " HTTP/1.1\r\nHost: p\r\n\r\n",
            new Answer(414, json, error(414, "the request line is too long: An HTTP line is larger than 4096 bytes.")), true),
        Arguments.of("a 20,000-character header", "GET /healthz HTTP/1.1\r\nHost: p\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n",
            new Answer(431, json, error(431, "the request's headers are too large: HTTP header is larger than 8192 bytes.")), true),
        Arguments.of("a chunk size that is not hex", "POST /healthz HTTP/1.1\r\nHost: p\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n"
            + SECRET + "\r\n",
            new Answer(400, json, error(400, "the body's chunked transfer coding is broken: a chunk size is not a hexadecimal number")),
            true),
        Arguments.of("a body over 4 KiB", "POST /healthz HTTP/1.1\r\nHost: p\r\nContent-Length: 5000\r\n\r\n" + "x".repeat(5000),
            new Answer(413, json, error(413, "the probes take no body; this one is over 4096 bytes")), true),
        Arguments.of("GET /healthz", "GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n", new Answer(200, "", "ok"), false));
  }

  /** An answer: its status, its content type (without parameters) and its body. */
  record Answer(int status, String type, String body) {}

  @ParameterizedTest(name = "{0}")
  @MethodSource("requests")
  void eachRefusalNamesTheProblem(String name, String request, Answer answer, boolean closed) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.webhook().probePort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      assertEquals(answer, read(socket.getInputStream()), name);
      if (!closed) {
        // The connection still serves.
        socket.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(new Answer(200, "", "ok"), read(socket.getInputStream()), name);
      }
      assertEquals(closed, UntrustedClientsTest.closedWithin(socket, socket.getInputStream(),
          Duration.ofMillis(closed ? 5_000 : 300)), name);
    }
  }

  @Test
  void eachRefusalIsLogged() throws Exception {
    int from = server.logLines().size();
    for (String request : List.of("GET /nothing HTTP/1.1\r\nHost: p\r\n\r\n", "POST /readyz HTTP/1.1\r\nHost: p\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: p\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}")) {
      try (Socket socket = new Socket("127.0.0.1", server.webhook().probePort())) {
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        read(socket.getInputStream());
      }
    }
    assertEquals(List.of("404 GET /nothing: nothing here: " + SERVES, "405 POST /readyz: POST is not allowed: " + SERVES,
        "400  : the request is not valid HTTP/1.1: Multiple Content-Length values found: [2, 5]"),
        WebhookServerTest.refusals(server, from));
    assertTrue(server.logLines().subList(from, server.logLines().size()).stream().anyMatch(l -> l.endsWith(
        "\"level\":\"warn\",\"msg\":\"request refused\",\"code\":400,\"error\":\"the request is not valid HTTP/1.1: Multiple"
            + " Content-Length values found: [2, 5]\"}")), server.logLines().toString());
  }

  /** The next answer on the socket, its body as long as its content-length says (HostileClientsTest's too). */
  static Answer read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed after " + head.toString(StandardCharsets.ISO_8859_1));
      }
      head.write(b);
    }
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    int length = 0;
    String type = "";
    for (String line : lines) {
      String lower = line.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Integer.parseInt(line.substring("content-length:".length()).strip());
      } else if (lower.startsWith("content-type:")) {
        type = line.substring("content-type:".length()).split(";")[0].strip();
      }
    }
    return new Answer(Integer.parseInt(lines[0].split(" ")[1]), type, new String(in.readNBytes(length), StandardCharsets.UTF_8));
  }
}
