package dev.condlint.cli.input;

import dev.condlint.certs.CertificateIssuer;
import dev.condlint.certs.KeyAlgorithm;
import dev.condlint.certs.ServingCertificate;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A local HTTPS server of schema files for the schema location tests: Vert.x with a certificate for
 * 127.0.0.1 that a CA made for the test signed; {@link #trust} is an SSL context that trusts that CA.
 * It serves the bodies it was given by path, 404 for any other, and counts the requests.
 */
public final class SchemaServer implements AutoCloseable {
  private final Vertx vertx = Vertx.vertx();
  private final HttpServer server;
  private final SSLContext trust;
  private final String caPem;
  private final Map<String, String> bodies = new ConcurrentHashMap<>();
  private final AtomicInteger requests = new AtomicInteger();

  public SchemaServer() throws Exception {
    CertificateIssuer issuer = new CertificateIssuer(Clock.systemUTC(), KeyAlgorithm.EC_P256);
    ServingCertificate ca = issuer.authority("schema-test-ca", Duration.ofHours(1));
    ServingCertificate serving = issuer.serving(ca, List.of("127.0.0.1", "localhost"), Duration.ofHours(1));
    server = vertx.createHttpServer(new HttpServerOptions()
            .setSsl(true)
            .setHost("127.0.0.1")
            .setPort(0)
            .setKeyCertOptions(new PemKeyCertOptions()
                .setCertValue(Buffer.buffer(serving.certificatePem()))
                .setKeyValue(Buffer.buffer(serving.privateKeyPem()))))
        .requestHandler(request -> {
          requests.incrementAndGet();
          String body = bodies.get(request.path());
          request.response().setStatusCode(body == null ? 404 : 200).end(body == null ? "not found" : body);
        })
        .listen()
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    caPem = ca.certificatePem();
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    store.load(null, null);
    store.setCertificateEntry("ca", ca.certificate());
    TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trustManagers.init(store);
    trust = SSLContext.getInstance("TLS");
    trust.init(null, trustManagers.getTrustManagers(), null);
  }

  public SchemaServer serve(String path, String body) {
    bodies.put(path, body);
    return this;
  }

  /** {@code https://127.0.0.1:PORT}. */
  public String base() {
    return "https://127.0.0.1:" + server.actualPort();
  }

  SSLContext trust() {
    return trust;
  }

  /** The test CA's certificate, as PEM: what SSL_CERT_FILE names for a run that trusts the server. */
  public String caPem() {
    return caPem;
  }

  public int requests() {
    return requests.get();
  }

  @Override
  public void close() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
