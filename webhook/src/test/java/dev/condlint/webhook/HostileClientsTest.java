package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.admission.AdmissionMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The admission port under its worst client (issue 28): bodies and requests the API server never sends,
 * written byte for byte over TLS. Each gets a clear answer (an AdmissionReview, or a JSON error naming the
 * problem), within the deadline, with no object contents in the log, and the server goes on serving.
 */
class HostileClientsTest {
  private static TestWebhooks.Running enforce;

  @BeforeAll
  static void start() {
    enforce = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE));
  }

  @AfterAll
  static void stop() {
    await(enforce.webhook().shutdown(Duration.ofSeconds(5)));
  }

  /** An answer: its status code and body. */
  record Answer(int status, String body) {}

  /** One HTTP/1.1 connection over TLS that sends what it is given byte for byte, and reads the answers. */
  static final class RawConnection implements AutoCloseable {
    private final SSLSocket socket;
    private final InputStream in;
    private final OutputStream out;

    RawConnection(int port) throws Exception {
      socket = (SSLSocket) TestWebhooks.trustingAnyServer().getSocketFactory().createSocket("127.0.0.1", port);
      SSLParameters parameters = socket.getSSLParameters();
      parameters.setApplicationProtocols(new String[] {"http/1.1"});
      socket.setSSLParameters(parameters);
      socket.startHandshake();
      socket.setSoTimeout(20_000);
      in = socket.getInputStream();
      out = socket.getOutputStream();
    }

    RawConnection send(byte[] bytes) throws IOException {
      out.write(bytes);
      out.flush();
      return this;
    }

    RawConnection send(String text) throws IOException {
      return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** The next answer; its body as long as its content-length says. */
    Answer read() throws IOException {
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
      for (String line : lines) {
        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(line.substring("content-length:".length()).strip());
        }
      }
      return new Answer(Integer.parseInt(lines[0].split(" ")[1]),
          new String(in.readNBytes(length), StandardCharsets.UTF_8));
    }

    /** Whether the server closes the connection within {@code wait}, reading (and dropping) what comes before. */
    boolean closedWithin(Duration wait) throws IOException {
      socket.setSoTimeout((int) wait.toMillis());
      try {
        while (in.read() >= 0) {
          // what comes before the close
        }
        return true;
      } catch (SocketTimeoutException e) {
        return false;
      } catch (IOException reset) {
        return true;
      } finally {
        socket.setSoTimeout(20_000);
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /** Requests Vert.x refuses before they are routed are answered in the words of the webhook's own refusals. */
  @Test
  void requestsRefusedBeforeRoutingNameTheProblem() throws Exception {
    try (RawConnection c = new RawConnection(enforce.port())) {
      assertEquals(new Answer(400, "{\"code\":400,\"error\":\"the request has no Host header, which HTTP/1.1 requires\"}"),
          c.send("POST /validate HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}").read());
      assertEquals(new Answer(404, "{\"code\":404,\"error\":\"nothing here: the webhook serves POST /validate\"}"),
          c.send("OPTIONS * HTTP/1.1\r\nHost: webhook\r\n\r\n").read());
    }
    List<String> refused = WebhookServerTest.refusals(enforce, 0);
    assertTrue(refused.contains("400 POST /validate: the request has no Host header, which HTTP/1.1 requires"), refused.toString());
    assertTrue(refused.contains("404 OPTIONS *: nothing here: the webhook serves POST /validate"), refused.toString());
  }
}
