package dev.condlint.webhook;

import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.JdkSSLEngineOptions;
import java.util.List;
import java.util.Set;

/**
 * What TLS the admission port accepts: TLS 1.2 and 1.3; in TLS 1.2 only ECDHE key exchange (forward
 * secrecy) with AEAD ciphers (GCM, ChaCha20-Poly1305), so no CBC and no static RSA; and no
 * renegotiation. The API server (Go) offers these suites first, with an ECDSA or an RSA certificate.
 */
final class TlsPolicy {
  static final Set<String> PROTOCOLS = Set.of("TLSv1.2", "TLSv1.3");
  static final List<String> CIPHER_SUITES = List.of(
      // TLS 1.3: all of its suites are AEAD with ephemeral keys.
      "TLS_AES_128_GCM_SHA256",
      "TLS_AES_256_GCM_SHA384",
      "TLS_CHACHA20_POLY1305_SHA256",
      "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
      "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
      "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
      "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
      "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
      "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");
  // Read by the JDK once, when its first server handshake loads the class that reads it.
  private static final String REJECT_RENEGOTIATION = "jdk.tls.rejectClientInitiatedRenegotiation";

  private TlsPolicy() {}

  /**
   * The JDK answers a client's renegotiation with a fatal alert from now on. A JVM-wide setting that
   * takes effect only before the process's first TLS server handshake: {@link Main} calls it first.
   */
  static void refuseRenegotiation() {
    System.setProperty(REJECT_RENEGOTIATION, "true");
  }

  /**
   * The JDK's TLS engine, with Netty's pooled heap buffers for what it decrypts and encrypts. Vert.x's
   * default gives the engine a fresh unpooled buffer for every TLS read and write: about half of what
   * the server allocated per 20 KB review (JFR), and so of its young collections. A pooled buffer goes
   * back to its event loop's cache once the record is decoded or written, so what the pool holds is
   * bounded by the records in progress at once.
   */
  static HttpServerOptions apply(HttpServerOptions options) {
    refuseRenegotiation();
    options.setSslEngineOptions(new JdkSSLEngineOptions().setPooledHeapBuffers(true));
    options.setEnabledSecureTransportProtocols(PROTOCOLS);
    CIPHER_SUITES.forEach(options::addEnabledCipherSuite);
    return options;
  }
}
