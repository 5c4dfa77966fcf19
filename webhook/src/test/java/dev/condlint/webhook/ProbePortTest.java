package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plain-HTTP probe port is guarded as the admission port is: idle connections, connections that
 * trickle their headers, and bodies that trickle or stall are closed within the same timeouts, and no
 * more than --max-connections stay open. Before, 200 idle and 200 header-trickling connections were
 * still open after 75 s.
 */
class ProbePortTest {
  private static final Duration READ = Duration.ofSeconds(1);
  private static final Duration IDLE = Duration.ofSeconds(1);
  private static final Duration STALL = Duration.ofMillis(500);

  private static TestWebhooks.Running start(int maxConnections) {
    return TestWebhooks.start(WebhookOptions.selfSigned(0).withConnectionTimeouts(READ, IDLE)
        .withBodyStallTimeout(STALL).withMaxConnections(maxConnections));
  }

  private static Socket connect(TestWebhooks.Running server) throws IOException {
    Socket socket = new Socket("127.0.0.1", server.webhook().probePort());
    // Reads only look: the test keeps many sockets busy from one thread.
    socket.setSoTimeout(1);
    return socket;
  }

  private static void send(Socket socket, String text) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(text.getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** What the server sent before it closed the socket; null while the socket is still open. */
  private static String closed(Socket socket, StringBuilder received) throws IOException {
    InputStream in = socket.getInputStream();
    try {
      int b;
      while ((b = in.read()) >= 0) {
        received.append((char) b);
      }
      return received.toString();
    } catch (SocketTimeoutException open) {
      return null;
    } catch (IOException reset) {
      return received.toString();
    }
  }

  /** Keeps each socket busy as {@code step} says, every 100 ms, until the server has closed them all. */
  private interface Step {
    void apply(int socket, int tick) throws IOException;
  }

  private static List<String> untilClosed(List<Socket> sockets, Duration within, Step step) throws Exception {
    List<StringBuilder> received = new ArrayList<>();
    List<String> answers = new ArrayList<>();
    for (int i = 0; i < sockets.size(); i++) {
      received.add(new StringBuilder());
      answers.add(null);
    }
    long until = System.nanoTime() + within.toNanos();
    for (int tick = 0; answers.contains(null); tick++) {
      assertTrue(System.nanoTime() < until, "still open after " + within + ": "
          + answers.stream().filter(a -> a == null).count() + " of " + sockets.size());
      Thread.sleep(100);
      for (int i = 0; i < sockets.size(); i++) {
        if (answers.get(i) == null) {
          try {
            step.apply(i, tick);
          } catch (IOException closedWhileWriting) {
            // the server closed it: read what it said
          }
          answers.set(i, closed(sockets.get(i), received.get(i)));
        }
      }
    }
    return answers;
  }

  @Test
  void idleAndTricklingConnectionsAreClosedWithinTheTimeouts() throws Exception {
    TestWebhooks.Running server = start(WebhookOptions.DEFAULT_MAX_CONNECTIONS);
    List<Socket> sockets = new ArrayList<>();
    try {
      int each = 10;
      for (int i = 0; i < 5 * each; i++) {
        sockets.add(connect(server));
      }
      // 0: idle; 1: headers a line at a time; 2: a body a byte at a time; 3: a body that stops;
      // 4: one request answered, then idle.
      for (int i = 0; i < each; i++) {
        send(sockets.get(each + i), "GET /healthz HTTP/1.1\r\n");
        send(sockets.get(2 * each + i), "POST /healthz HTTP/1.1\r\nHost: p\r\nContent-Length: 1000\r\n\r\n");
        send(sockets.get(3 * each + i), "POST /healthz HTTP/1.1\r\nHost: p\r\nContent-Length: 1000\r\n\r\nx");
        send(sockets.get(4 * each + i), "GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n");
      }
      List<String> answers = untilClosed(sockets, Duration.ofSeconds(15), (socket, tick) -> {
        int kind = socket / each;
        if (kind == 1) {
          send(sockets.get(socket), "X-Slow-" + tick + ": 1\r\n");
        } else if (kind == 2) {
          send(sockets.get(socket), "x");
        }
      });
      for (int i = 0; i < each; i++) {
        assertEquals("", answers.get(i), "idle");
        assertEquals("", answers.get(each + i), "headers trickling");
        assertTrue(answers.get(2 * each + i).startsWith("HTTP/1.1 408 Request Timeout"), answers.get(2 * each + i));
        assertTrue(answers.get(2 * each + i).endsWith("{\"code\":408,\"error\":\"the body did not arrive within 1000 ms\"}"),
            answers.get(2 * each + i));
        assertTrue(answers.get(3 * each + i).endsWith("{\"code\":408,\"error\":\"no byte of the body arrived for 500 ms\"}"),
            answers.get(3 * each + i));
        assertTrue(answers.get(4 * each + i).startsWith("HTTP/1.1 200 OK"), answers.get(4 * each + i));
        assertTrue(answers.get(4 * each + i).endsWith("ok"), answers.get(4 * each + i));
      }
      String metrics = server.probe("/metrics").body();
      assertTrue(metrics.contains("condlint_connections_closed_total{reason=\"read-timeout\",}"), metrics);
      assertTrue(metrics.contains("condlint_connections_closed_total{reason=\"idle\",}"), metrics);
    } finally {
      for (Socket socket : sockets) {
        socket.close();
      }
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void noMoreThanMaxConnectionsStayOpen() throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withConnectionTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(30)).withMaxConnections(8));
    List<Socket> sockets = new ArrayList<>();
    try {
      for (int i = 0; i < 12; i++) {
        sockets.add(connect(server));
      }
      Thread.sleep(300);
      long closedAtOnce = 0;
      for (Socket socket : sockets) {
        if (closed(socket, new StringBuilder()) != null) {
          closedAtOnce++;
        }
      }
      assertEquals(4, closedAtOnce);
      for (Socket socket : sockets) {
        socket.close();
      }
      Polling.eventually(Duration.ofSeconds(10), () -> server.probe("/metrics").body(),
          metrics -> metrics.contains("condlint_connections_refused_total{port=\"probes\",} 4.0"));
    } finally {
      for (Socket socket : sockets) {
        socket.close();
      }
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
