package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.PemKeyCertOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The reference servers of the webhook load runner, with the webhook's TLS and ALPN settings; each
 * reads every request body whole. {@code bare-server PORT CERT KEY} answers one fixed AdmissionReview:
 * the ceiling, a server that does no work. {@code decode-server PORT CERT KEY} decodes each review into
 * a Jackson tree and answers with its uid, as the least a correct webhook must do: the floor of any
 * webhook that reads the object. Both run until killed.
 */
final class BareServer {
  private static final Buffer RESPONSE = Buffer.buffer(
      "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
          + "\"response\":{\"uid\":\"" + Reviews.UID + "\",\"allowed\":true}}",
      StandardCharsets.UTF_8.name());

  private BareServer() {}

  static void bare(int port, String cert, String key) {
    run(port, cert, key, "bare server", req -> req.body().onSuccess(body -> req.response()
        .putHeader("content-type", "application/json")
        .end(RESPONSE)));
  }

  static void decoding(int port, String cert, String key) {
    run(port, cert, key, "decode server", req -> req.body().onSuccess(body -> {
      try {
        req.response().putHeader("content-type", "application/json").end(Buffer.buffer(allowed(body)));
      } catch (IOException e) {
        req.response().setStatusCode(400).end(String.valueOf(e.getMessage()));
      }
    }));
  }

  private static byte[] allowed(Buffer body) throws IOException {
    JsonNode review = Reviews.JSON.readTree(body.getBytes());
    ObjectNode answer = Reviews.JSON.createObjectNode()
        .put("apiVersion", review.path("apiVersion").asText())
        .put("kind", "AdmissionReview");
    answer.putObject("response").put("uid", review.path("request").path("uid").asText()).put("allowed", true);
    return Reviews.JSON.writeValueAsBytes(answer);
  }

  private static void run(int port, String cert, String key, String name, Handler<HttpServerRequest> handler) {
    Vertx vertx = Vertx.vertx();
    HttpServerOptions options = new HttpServerOptions()
        .setHost("127.0.0.1")
        .setPort(port)
        .setSsl(true)
        .setUseAlpn(true)
        .setEnabledSecureTransportProtocols(Set.of("TLSv1.2", "TLSv1.3"))
        .setKeyCertOptions(new PemKeyCertOptions().setCertPath(cert).setKeyPath(key));
    vertx.createHttpServer(options)
        .requestHandler(handler)
        .listen()
        .onSuccess(s -> System.out.println(name + " listening on https://127.0.0.1:" + s.actualPort()))
        .onFailure(e -> {
          e.printStackTrace();
          System.exit(1);
        });
  }
}
