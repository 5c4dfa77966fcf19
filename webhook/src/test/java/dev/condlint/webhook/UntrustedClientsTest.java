package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.GoAway;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Whoever can reach the admission port cannot grow the metrics without bound (label values come from a
 * bounded set) nor hold connections open (slow headers and idle connections are closed).
 */
@ExtendWith(VertxExtension.class)
class UntrustedClientsTest {
  private static final String T1 = "2024-05-01T08:00:00Z";
  @RegisterExtension
  static final SharedWebhook server = new SharedWebhook(WebhookOptions.selfSigned(0)
      .withConnectionTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1)));

  /** The distinct values of {@code label} among the series of {@code metric}. */
  private static Set<String> labelValues(String metric, String label) {
    Set<String> values = new TreeSet<>();
    Matcher m = Pattern.compile("^" + metric + "\\{[^}]*\\b" + label + "=\"([^\"]*)\"", Pattern.MULTILINE)
        .matcher(server.probe("/metrics").body());
    while (m.find()) {
      values.add(m.group(1));
    }
    return values;
  }

  @Test
  void labelValuesFromRequestsAreBounded(Vertx vertx) {
    HttpClient client = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
        .setVerifyHost(false).setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true));
    int kinds = WebhookMetrics.MAX_KINDS + 50;
    for (int i = 0; i < kinds; i++) {
      ObjectNode review = widgetReview(i % 10 == 0 ? "MADEUP" + i : "CREATE", "", widget("True", "Synced", T1), null);
      ((ObjectNode) review.get("request").get("kind")).put("kind", "Kind" + i);
      String body = review.toString();
      assertEquals(200, await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate")
          .compose(r -> r.send(body))).statusCode());
    }
    for (int i = 0; i < 20; i++) {
      await(client.request(new RequestOptions().setMethod(HttpMethod.valueOf("M" + i)).setHost("127.0.0.1")
          .setPort(server.port()).setURI("/validate")).compose(r -> r.send()));
    }
    Set<String> seenKinds = labelValues("condlint_admission_requests_total", "kind");
    assertEquals(WebhookMetrics.MAX_KINDS + 1, seenKinds.size(), seenKinds.toString());
    assertTrue(seenKinds.contains("other"));
    assertEquals(Set.of("CREATE", "other"), labelValues("condlint_admission_requests_total", "operation"));
    assertEquals(Set.of("GET", "POST", "other"), labelValues("vertx_http_server_requests_total", "method"));
  }

  private static SSLSocket connect(String alpn) throws Exception {
    SSLSocket socket = (SSLSocket) TestWebhooks.trustingAnyServer().getSocketFactory()
        .createSocket("127.0.0.1", server.port());
    SSLParameters parameters = socket.getSSLParameters();
    parameters.setApplicationProtocols(new String[] {alpn});
    socket.setSSLParameters(parameters);
    socket.startHandshake();
    return socket;
  }

  /** True once the server has closed the socket; reads for at most {@code wait}. */
  private static boolean closedWithin(SSLSocket socket, Duration wait) throws IOException {
    return closedWithin(socket, socket.getInputStream(), wait);
  }

  /**
   * True once the server has closed the socket, reading (and dropping) what comes before from {@code in}, the
   * socket's stream or a buffer over it; reads for at most {@code wait}, and leaves that read timeout set.
   */
  static boolean closedWithin(java.net.Socket socket, InputStream in, Duration wait) throws IOException {
    socket.setSoTimeout((int) wait.toMillis());
    try {
      while (in.read() >= 0) {
        // the rest of a response
      }
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  /** A slowloris: headers a line at a time, every 200 ms, never ending them. */
  @Test
  void aConnectionTricklingItsHeadersIsClosed() throws Exception {
    try (SSLSocket socket = connect("http/1.1")) {
      OutputStream out = socket.getOutputStream();
      out.write("POST /validate HTTP/1.1\r\nHost: webhook\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      boolean closed = false;
      for (int line = 0; line < 50 && !closed; line++) {
        try {
          out.write(("X-Slow-" + line + ": 1\r\n").getBytes(StandardCharsets.US_ASCII));
          out.flush();
          closed = closedWithin(socket, Duration.ofMillis(200));
        } catch (IOException e) {
          closed = true;
        }
      }
      assertTrue(closed, "the server kept a connection whose headers trickled for 10 s (read timeout 1 s)");
    }
    assertTrue(server.probe("/metrics").body().contains("condlint_connections_closed_total{reason=\"read-timeout\",}"));
  }

  @Test
  void anIdleHttp11ConnectionIsClosed() throws Exception {
    try (SSLSocket socket = connect("http/1.1")) {
      byte[] body = widgetReview("CREATE", "", widget("True", "Synced", T1), null).toString()
          .getBytes(StandardCharsets.UTF_8);
      OutputStream out = socket.getOutputStream();
      out.write(("POST /validate HTTP/1.1\r\nHost: webhook\r\nContent-Type: application/json\r\nContent-Length: "
          + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      // The answer, then nothing: the connection is idle from here on.
      assertTrue(closedWithin(socket, Duration.ofSeconds(10)), "an idle connection was kept 10 s (idle timeout 1 s)");
    }
  }

  @Test
  void anIdleHttp2ConnectionGetsAGoAway(Vertx vertx) throws Exception {
    HttpClient client = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
        .setVerifyHost(false).setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true).setIdleTimeout(0));
    String body = widgetReview("CREATE", "", widget("True", "Synced", T1), null).toString();
    Promise<GoAway> goAway = Promise.promise();
    assertEquals(200, await(client.request(HttpMethod.POST, server.port(), "127.0.0.1", "/validate")
        .compose(r -> {
          r.connection().goAwayHandler(goAway::tryComplete);
          return r.send(body);
        })).statusCode());
    assertEquals(0, await(goAway.future()).getErrorCode());
  }
}
