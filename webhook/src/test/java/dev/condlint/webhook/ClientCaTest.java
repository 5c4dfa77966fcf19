package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.condlint.certs.SelfSignedCertificates;
import dev.condlint.certs.ServingCertificate;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** With --client-ca, only clients presenting a certificate from that CA get through. */
@ExtendWith(VertxExtension.class)
class ClientCaTest {

  @Test
  void requiresAClientCertificateFromTheCa(Vertx vertx, @TempDir Path dir) throws Exception {
    // The API server's client certificate; self-signed, so it is its own CA.
    ServingCertificate apiServer = SelfSignedCertificates.generate("kube-apiserver", java.util.List.of("localhost"),
        Duration.ofDays(1));
    Path ca = Files.writeString(dir.resolve("ca.pem"), apiServer.certificatePem());
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withClientCa(ca));
    try {
      WebClientOptions tls = new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false);
      WebClient anonymous = WebClient.create(vertx, tls);
      Throwable refused = anonymous.get(server.port(), "127.0.0.1", "/healthz").send()
          .toCompletionStage().toCompletableFuture().handle((r, e) -> e).get();
      assertNotNull(refused, "a client without a certificate must be refused");
      WebClient withCertificate = WebClient.create(vertx, new WebClientOptions(tls).setKeyCertOptions(
          new PemKeyCertOptions().setCertValue(Buffer.buffer(apiServer.certificatePem()))
              .setKeyValue(Buffer.buffer(apiServer.privateKeyPem()))));
      assertEquals("ok", await(withCertificate.get(server.port(), "127.0.0.1", "/healthz").send()).bodyAsString());
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
