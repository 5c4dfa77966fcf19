package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.certs.SelfSignedCertificates;
import dev.condlint.certs.ServingCertificate;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * With --client-ca, only clients presenting a certificate from that CA reach /validate; the probes and
 * the metrics, on their own plain-HTTP port, stay open to the kubelet and Prometheus, which present none.
 */
@ExtendWith(VertxExtension.class)
class ClientCaTest {

  @Test
  void requiresAClientCertificateFromTheCaOnTheAdmissionPortOnly(Vertx vertx, @TempDir Path dir) throws Exception {
    // The API server's client certificate; self-signed, so it is its own CA.
    ServingCertificate apiServer = SelfSignedCertificates.generate("kube-apiserver", java.util.List.of("localhost"),
        Duration.ofDays(1));
    Path ca = Files.writeString(dir.resolve("ca.pem"), apiServer.certificatePem());
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0).withClientCa(ca));
    try {
      Buffer review = Buffer.buffer(widgetReview("CREATE", "", widget("True", "Synced", "2024-05-01T08:00:00Z"), null)
          .toString());
      WebClientOptions tls = new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false);
      WebClient anonymous = WebClient.create(vertx, tls);
      Throwable refused = anonymous.post(server.port(), "127.0.0.1", "/validate").sendBuffer(review)
          .toCompletionStage().toCompletableFuture().handle((r, e) -> e).get();
      assertNotNull(refused, "a client without a certificate must be refused");
      WebClient withCertificate = WebClient.create(vertx, new WebClientOptions(tls).setKeyCertOptions(
          new PemKeyCertOptions().setCertValue(Buffer.buffer(apiServer.certificatePem()))
              .setKeyValue(Buffer.buffer(apiServer.privateKeyPem()))));
      HttpResponse<Buffer> answered = await(withCertificate.post(server.port(), "127.0.0.1", "/validate")
          .sendBuffer(review));
      assertEquals(200, answered.statusCode(), answered.bodyAsString());

      assertEquals("200 ok", server.probe("/healthz").statusCode() + " " + server.probe("/healthz").body());
      assertEquals("200 ok", server.probe("/readyz").statusCode() + " " + server.probe("/readyz").body());
      String metrics = server.probe("/metrics").body();
      assertTrue(metrics.contains("condlint_admission_requests_total{decision=\"allow\",kind=\"Widget\",operation=\"CREATE\",} 1.0"),
          metrics);
      // The admission port serves admission reviews only.
      assertEquals(404, await(withCertificate.get(server.port(), "127.0.0.1", "/healthz").send()).statusCode());
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
