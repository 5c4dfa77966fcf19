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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The server's TLS: 1.2 and 1.3 only, each offering HTTP/2 and HTTP/1.1 through ALPN; in TLS 1.2 only
 * ECDHE AEAD suites; no renegotiation. TLS 1.1, the suites and renegotiation are tried with openssl
 * (the JDK will not even offer the old ones), and skipped with a message when openssl is missing.
 */
class TlsProtocolsTest {
  @RegisterExtension
  static final SharedWebhook server = new SharedWebhook(WebhookOptions.selfSigned(0));

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

  private static void assumeOpenssl() {
    boolean openssl = java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, "openssl")));
    assumeTrue(openssl, "openssl is not on the PATH; skipping the openssl TLS tests");
  }

  /** How {@code openssl s_client} ended, and what it printed. */
  private record SClient(int exitValue, String out) {}

  /** {@code openssl s_client -connect 127.0.0.1:PORT PROTOCOL -cipher CIPHERS}, its stdin empty. */
  private static SClient sClient(int port, String protocol, String ciphers) throws Exception {
    Process p = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + port, protocol, "-cipher", ciphers)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectErrorStream(true)
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "openssl did not finish");
    return new SClient(p.exitValue(), out);
  }

  /** "accepted" when the handshake chose {@code suite}, "refused" when the server sent a handshake_failure alert. */
  private static String verdict(int port, String suite) throws Exception {
    String out = sClient(port, "-tls1_2", suite).out();
    if (out.contains("Cipher is " + suite)) {
      return "accepted";
    }
    assertTrue(out.contains("alert handshake failure") && out.contains("Cipher is (NONE)"), out);
    return "refused";
  }

  /** The server's (self-signed) certificate has an ECDSA P-256 key. */
  @ParameterizedTest
  @CsvSource({
    "ECDHE-ECDSA-AES128-GCM-SHA256, accepted",
    "ECDHE-ECDSA-AES256-GCM-SHA384, accepted",
    "ECDHE-ECDSA-CHACHA20-POLY1305, accepted",
    "ECDHE-ECDSA-AES128-SHA, refused",
    "ECDHE-ECDSA-AES256-SHA, refused",
    "ECDHE-ECDSA-AES128-SHA256, refused",
    "ECDHE-ECDSA-AES256-SHA384, refused",
  })
  void tls12WithAnEcdsaCertificateAcceptsOnlyEcdheAeadSuites(String suite, String expected) throws Exception {
    assumeOpenssl();
    assertEquals(expected, verdict(server.port(), suite));
  }

  /** A server with an RSA certificate (made by openssl): no static RSA key exchange, no CBC. */
  @Test
  void tls12WithAnRsaCertificateAcceptsOnlyEcdheAeadSuites(@TempDir Path dir) throws Exception {
    assumeOpenssl();
    Process req = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=localhost", "-keyout", dir.resolve("key.pem").toString(), "-out", dir.resolve("cert.pem").toString())
        .redirectErrorStream(true).start();
    String made = new String(req.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(req.waitFor(60, TimeUnit.SECONDS) && req.exitValue() == 0, made);
    TestWebhooks.Running rsa = TestWebhooks.start(WebhookOptions.selfSigned(0)
        .withTls(dir.resolve("cert.pem"), dir.resolve("key.pem")));
    try {
      Map<String, String> verdicts = new LinkedHashMap<>();
      for (String suite : List.of("ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-RSA-AES256-GCM-SHA384",
          "ECDHE-RSA-CHACHA20-POLY1305", "ECDHE-RSA-AES128-SHA", "ECDHE-RSA-AES256-SHA384", "AES128-GCM-SHA256",
          "AES256-GCM-SHA384", "AES128-SHA", "AES256-SHA256")) {
        verdicts.put(suite, verdict(rsa.port(), suite));
      }
      assertEquals("{ECDHE-RSA-AES128-GCM-SHA256=accepted, ECDHE-RSA-AES256-GCM-SHA384=accepted,"
          + " ECDHE-RSA-CHACHA20-POLY1305=accepted, ECDHE-RSA-AES128-SHA=refused, ECDHE-RSA-AES256-SHA384=refused,"
          + " AES128-GCM-SHA256=refused, AES256-GCM-SHA384=refused, AES128-SHA=refused, AES256-SHA256=refused}",
          verdicts.toString());
    } finally {
      await(rsa.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /**
   * A client-initiated renegotiation (openssl's {@code R} command) is answered with a fatal alert. The
   * JDK reads that setting once per process, so the webhook runs as its own process here, as deployed.
   */
  @Test
  void renegotiationIsRefused(@TempDir Path dir) throws Exception {
    assumeOpenssl();
    try (ChildWebhook webhook = ChildWebhook.start(dir, List.of("-Xmx128m", "-XX:TieredStopAtLevel=1"),
        List.of("--self-signed", "--host", "127.0.0.1", "--port", "0", "--probe-port", "0"))) {
      Process p = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + webhook.portLogged("listening"),
              "-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-GCM-SHA256")
          .redirectErrorStream(true)
          .start();
      p.getOutputStream().write("R\n".getBytes(StandardCharsets.US_ASCII));
      p.getOutputStream().flush();
      // openssl ends at the alert; stdin stays open until then, as its end would end the session.
      boolean ended = p.waitFor(10, TimeUnit.SECONDS);
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(ended, "the server let the renegotiation through: " + out);
      assertTrue(out.contains("RENEGOTIATING"), out);
      assertTrue(out.contains("alert handshake failure"), out);
    }
  }

  @Test
  void tls11IsRefused() throws Exception {
    assumeOpenssl();
    // Security level 0 lets this openssl offer TLS 1.1 at all; the server must still refuse it.
    SClient tls11 = sClient(server.port(), "-tls1_1", "DEFAULT:@SECLEVEL=0");
    assertTrue(tls11.exitValue() != 0, tls11.out());
    assertTrue(tls11.out().contains("alert protocol version"), tls11.out());
    assertTrue(tls11.out().contains("Cipher is (NONE)"), tls11.out());
    // The refusal is the server's choice, not the client's: the same client gets TLS 1.2.
    String tls12 = sClient(server.port(), "-tls1_2", "DEFAULT:@SECLEVEL=0").out();
    assertTrue(tls12.contains("New, TLSv1.2, Cipher is "), tls12);
  }
}
