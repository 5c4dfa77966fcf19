package dev.condlint.bench;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The ceiling of the webhook load runner: a bare Vert.x HTTPS server, with the webhook's TLS and
 * ALPN settings, that reads each request body whole and answers one fixed AdmissionReview. {@code
 * bare-server PORT CERT KEY}; runs until killed.
 */
final class BareServer {
  private static final Buffer RESPONSE = Buffer.buffer(
      "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
          + "\"response\":{\"uid\":\"705ab4f5-6393-11e8-b7cc-42010a800002\",\"allowed\":true}}",
      StandardCharsets.UTF_8.name());

  private BareServer() {}

  static void run(int port, String cert, String key) {
    Vertx vertx = Vertx.vertx();
    HttpServerOptions options = new HttpServerOptions()
        .setHost("127.0.0.1")
        .setPort(port)
        .setSsl(true)
        .setUseAlpn(true)
        .setEnabledSecureTransportProtocols(Set.of("TLSv1.2", "TLSv1.3"))
        .setKeyCertOptions(new PemKeyCertOptions().setCertPath(cert).setKeyPath(key));
    vertx.createHttpServer(options)
        .requestHandler(req -> req.body().onSuccess(body -> req.response()
            .putHeader("content-type", "application/json")
            .end(RESPONSE)))
        .listen()
        .onSuccess(s -> System.out.println("bare server listening on https://127.0.0.1:" + s.actualPort()))
        .onFailure(e -> {
          e.printStackTrace();
          System.exit(1);
        });
  }
}
