package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.cluster.KubeClients;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.vertx.core.Vertx;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** --manage-certs: the webhook creates, injects and renews its own certificates through the API server. */
@EnableKubernetesMockClient(crud = true)
class ManagedCertificatesTest {
  KubernetesClient mockClient;

  /** A clock the test moves; the webhook reads it for every certificate decision. */
  static final class MovableClock extends Clock {
    volatile Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException();
    }
  }

  @BeforeEach
  void applyTheShippedWebhookConfiguration() throws Exception {
    try (InputStream in = Files.newInputStream(Path.of("../deploy/base/validatingwebhookconfiguration.yaml"))) {
      mockClient.resource(mockClient.getKubernetesSerialization().unmarshal(in, ValidatingWebhookConfiguration.class))
          .create();
    }
  }

  Function<Vertx, KubernetesClient> clients() {
    return vertx -> KubeClients.create(mockClient.getConfiguration(), vertx);
  }

  static WebhookOptions managed(Duration checkInterval) {
    return WebhookOptions.selfSigned(0).withManagedCertificates(new ManagedCertificates("condlint-webhook", "condlint",
        "condlint-webhook-tls", "condlint", checkInterval, List.of("localhost")));
  }

  CertificateBundle stored() {
    Secret secret = mockClient.secrets().inNamespace("condlint").withName("condlint-webhook-tls").get();
    return CertificateBundle.fromFiles(secret.getData().entrySet().stream().collect(java.util.stream.Collectors.toMap(
        e -> e.getKey(), e -> new String(Base64.getDecoder().decode(e.getValue()), StandardCharsets.US_ASCII))))
        .orElseThrow();
  }

  static SSLContext trusting(List<X509Certificate> cas) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    for (int i = 0; i < cas.size(); i++) {
      store.setCertificateEntry("ca" + i, cas.get(i));
    }
    TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }

  /** The certificate the webhook serves right now, read without judging it. */
  static X509Certificate served(int port) throws Exception {
    SSLContext context = TestWebhooks.trustingAnyServer();
    return handshake(context, port);
  }

  static X509Certificate handshake(SSLContext context, int port) throws Exception {
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", port)) {
      SSLParameters parameters = socket.getSSLParameters();
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
      socket.setSSLParameters(parameters);
      socket.startHandshake();
      return (X509Certificate) socket.getSession().getPeerCertificates()[0];
    }
  }

  @Test
  void atStartTheWebhookCreatesItsCertificateInjectsTheCaAndServesIt() throws Exception {
    TestWebhooks.Running webhook = await(TestWebhooks.start(managed(Duration.ofHours(1)), clients(), new MovableClock()));
    try {
      CertificateBundle stored = stored();
      for (var hook : mockClient.admissionRegistration().v1().validatingWebhookConfigurations().withName("condlint").get()
          .getWebhooks()) {
        assertEquals(stored.trustedPem(), new String(Base64.getDecoder().decode(hook.getClientConfig().getCaBundle()),
            StandardCharsets.US_ASCII), hook.getName());
      }
      SSLContext trustingTheCa = trusting(stored.trusted());
      assertEquals(stored.serving().certificate(), handshake(trustingTheCa, webhook.port()));
      HttpResponse<String> answered = HttpClient.newBuilder().sslContext(trustingTheCa).build().send(
          HttpRequest.newBuilder(URI.create("https://localhost:" + webhook.port() + "/validate"))
              .POST(HttpRequest.BodyPublishers.ofString(dev.condlint.admission.Reviews.widgetReview("CREATE", "",
                  dev.condlint.admission.Reviews.widget("True", "Synced", "2024-05-01T08:00:00Z"), null).toString()))
              .build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, answered.statusCode(), answered.body());
      assertEquals(HttpClient.Version.HTTP_2, answered.version());
      assertEquals(200, webhook.probe("/readyz").statusCode());

      X509Certificate otherCa = dev.condlint.certs.SelfSignedCertificates.local(Duration.ofDays(1)).certificate();
      assertThrows(SSLHandshakeException.class, () -> handshake(trusting(List.of(otherCa)), webhook.port()));
      assertTrue(webhook.logLines().stream().anyMatch(l -> l.contains("\"certificates managed\"")
          && l.contains("\"change\":\"created\"") && l.contains("\"caBundleInjected\":true")), webhook.logLines().toString());
    } finally {
      await(webhook.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void twoReplicasStartingAtOnceServeTheSameCertificate() throws Exception {
    MovableClock clock = new MovableClock();
    var first = TestWebhooks.start(managed(Duration.ofHours(1)), clients(), clock);
    var second = TestWebhooks.start(managed(Duration.ofHours(1)), clients(), clock);
    TestWebhooks.Running a = await(first);
    TestWebhooks.Running b = await(second);
    try {
      CertificateBundle stored = stored();
      assertEquals(1, stored.trusted().size());
      assertEquals(stored.serving().certificate(), served(a.port()));
      assertEquals(stored.serving().certificate(), served(b.port()));
    } finally {
      await(a.webhook().shutdown(Duration.ofSeconds(5)));
      await(b.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void theTimerRenewsADueCertificateAndEveryReplicaPicksItUp() throws Exception {
    MovableClock clock = new MovableClock();
    TestWebhooks.Running a = await(TestWebhooks.start(managed(Duration.ofMillis(200)), clients(), clock));
    TestWebhooks.Running b = await(TestWebhooks.start(managed(Duration.ofMillis(200)), clients(), clock));
    try {
      X509Certificate before = served(a.port());
      assertEquals(before, served(b.port()));
      clock.now = clock.now.plus(Duration.ofDays(61));
      Polling.waitUntil(Duration.ofSeconds(20),
          () -> !served(a.port()).equals(before) && !served(b.port()).equals(before));
      X509Certificate after = stored().serving().certificate();
      assertNotEquals(before, after);
      assertEquals(after, served(a.port()));
      assertEquals(after, served(b.port()));
      assertEquals(1, stored().trusted().size(), "the CA has years left");
    } finally {
      await(a.webhook().shutdown(Duration.ofSeconds(5)));
      await(b.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
