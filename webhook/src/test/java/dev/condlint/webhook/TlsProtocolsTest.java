package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The server's TLS: 1.2 and 1.3 only, each offering HTTP/2 and HTTP/1.1 through ALPN. TLS 1.1 is tried
 * with openssl (the JDK will not even offer it), and skipped with a message when openssl is missing.
 */
class TlsProtocolsTest {
  private static TestWebhooks.Running server;

  @BeforeAll
  static void start() {
    server = TestWebhooks.start(WebhookOptions.selfSigned(0));
  }

  @AfterAll
  static void stop() {
    await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  /** Handshakes with only this protocol and these ALPN names; returns "protocol alpn". */
  private static String handshake(String protocol, String... alpn) throws Exception {
    SSLContext context = TestWebhooks.trustingAnyServer();
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", server.port())) {
      SSLParameters parameters = socket.getSSLParameters();
      parameters.setProtocols(new String[] {protocol});
      parameters.setApplicationProtocols(alpn);
      socket.setSSLParameters(parameters);
      socket.startHandshake();
      return socket.getSession().getProtocol() + " " + socket.getApplicationProtocol();
    }
  }

  @ParameterizedTest
  @CsvSource({
    "TLSv1.2, h2",
    "TLSv1.2, http/1.1",
    "TLSv1.3, h2",
    "TLSv1.3, http/1.1",
  })
  void tls12And13NegotiateEitherHttpVersion(String protocol, String alpn) throws Exception {
    assertEquals(protocol + " " + alpn, handshake(protocol, alpn));
  }

  @Test
  void h2IsPreferredWhenTheClientOffersBoth() throws Exception {
    assertEquals("TLSv1.3 h2", handshake("TLSv1.3", "h2", "http/1.1"));
  }

  @Test
  void tls11IsRefused() throws Exception {
    boolean openssl = java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, "openssl")));
    assumeTrue(openssl, "openssl is not on the PATH; skipping the TLS 1.1 refusal test");
    // Security level 0 lets this openssl offer TLS 1.1 at all; the server must still refuse it.
    Process p = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + server.port(), "-tls1_1",
            "-cipher", "DEFAULT:@SECLEVEL=0")
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectErrorStream(true)
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "openssl did not finish");
    assertTrue(p.exitValue() != 0, out);
    assertTrue(out.contains("alert protocol version"), out);
    assertTrue(out.contains("Cipher is (NONE)"), out);
    // The refusal is the server's choice, not the client's: the same client gets TLS 1.2.
    Process ok = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + server.port(), "-tls1_2",
            "-cipher", "DEFAULT:@SECLEVEL=0")
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectErrorStream(true)
        .start();
    String okOut = new String(ok.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(ok.waitFor(30, TimeUnit.SECONDS), "openssl did not finish");
    assertTrue(okOut.contains("New, TLSv1.2, Cipher is "), okOut);
  }
}
