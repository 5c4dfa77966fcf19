package dev.condlint.certs.kube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.RotationPolicy;
import dev.condlint.certs.kube.CertificateManager.Change;
import dev.condlint.certs.kube.CertificateManager.Outcome;
import dev.condlint.cluster.KubeClients;
import dev.condlint.cluster.KubernetesRetry;
import dev.condlint.cluster.Retry;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class CertificateManagerTest {
  static final Instant NOW = Instant.parse("2026-11-22T06:00:00Z");
  static final String SECRET_PATH = "/api/v1/namespaces/condlint/secrets/condlint-webhook-tls";
  static final RotationPolicy POLICY = RotationPolicy.forService("condlint-webhook", "condlint");

  KubernetesClient mockClient;
  KubernetesMockServer server;
  KubernetesClient client;
  final List<Duration> sleeps = new ArrayList<>();

  @BeforeEach
  void applyTheShippedWebhookConfiguration() throws Exception {
    // The mock's own client, configured as condlint-certs configures its clients.
    client = KubeClients.create(mockClient.getConfiguration());
    try (InputStream in = Files.newInputStream(Path.of("../deploy/base/validatingwebhookconfiguration.yaml"))) {
      client.resource(client.getKubernetesSerialization().unmarshal(in, ValidatingWebhookConfiguration.class)).create();
    }
  }

  @AfterEach
  void closeClient() {
    client.close();
  }

  CertificateManager manager() {
    return new CertificateManager(new TlsSecret(client, "condlint", "condlint-webhook-tls"),
        Optional.of(new CaBundleInjector(client, "condlint")),
        new KubernetesRetry(new Retry(4, Duration.ofMillis(100), Duration.ofMillis(250)), sleeps::add));
  }

  static Rotation at(Instant now) {
    return new Rotation(Clock.fixed(now, ZoneOffset.UTC), POLICY);
  }

  Secret secret() {
    return client.secrets().inNamespace("condlint").withName("condlint-webhook-tls").get();
  }

  ValidatingWebhookConfiguration webhooks() {
    return client.admissionRegistration().v1().validatingWebhookConfigurations().withName("condlint").get();
  }

  /** As the API server stores Secret data: base64 (the mock server does not convert stringData). */
  static Map<String, String> encode(Map<String, String> files) {
    Map<String, String> data = new java.util.LinkedHashMap<>();
    files.forEach((k, v) -> data.put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.US_ASCII))));
    return data;
  }

  static String decode(String base64) {
    return new String(Base64.getDecoder().decode(base64), StandardCharsets.US_ASCII);
  }

  @Test
  void aFirstRunCreatesTheSecretAndInjectsTheBundleIntoEveryWebhook() {
    Outcome outcome = manager().reconcile(at(NOW));

    assertEquals(Change.CREATED, outcome.secret());
    assertTrue(outcome.injected());
    Secret secret = secret();
    assertEquals("kubernetes.io/tls", secret.getType());
    assertEquals(List.of("ca.crt", "ca.key", "tls.crt", "tls.key"), List.copyOf(secret.getData().keySet()));
    assertEquals(outcome.bundle().serving().certificatePem(), decode(secret.getData().get("tls.crt")));
    List<ValidatingWebhook> hooks = webhooks().getWebhooks();
    assertEquals(2, hooks.size());
    for (ValidatingWebhook hook : hooks) {
      assertEquals(outcome.bundle().trustedPem(), decode(hook.getClientConfig().getCaBundle()), hook.getName());
    }
  }

  @Test
  void aSecondRunChangesNothing() {
    manager().reconcile(at(NOW));
    String secretVersion = secret().getMetadata().getResourceVersion();
    String webhooksVersion = webhooks().getMetadata().getResourceVersion();

    Outcome again = manager().reconcile(at(NOW.plus(Duration.ofDays(1))));

    assertEquals(Change.UNCHANGED, again.secret());
    assertFalse(again.injected());
    assertEquals(secretVersion, secret().getMetadata().getResourceVersion());
    assertEquals(webhooksVersion, webhooks().getMetadata().getResourceVersion());
  }

  /** A clock that, the first time it is read, lets another replica run to the end first. */
  static Clock losingTheRaceTo(Runnable otherReplica, Instant now) {
    return new Clock() {
      private boolean raced;

      @Override
      public Instant instant() {
        if (!raced) {
          raced = true;
          otherReplica.run();
        }
        return now;
      }

      @Override
      public java.time.ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        throw new UnsupportedOperationException();
      }
    };
  }

  @Test
  void twoReplicasCreatingAtOnceEndWithTheFirstWritersCertificates() {
    List<Outcome> winner = new ArrayList<>();
    Clock racing = losingTheRaceTo(() -> winner.add(manager().reconcile(at(NOW))), NOW);

    Outcome loser = manager().reconcile(new Rotation(racing, POLICY));

    assertEquals(Change.CREATED, winner.get(0).secret());
    assertEquals(Change.UNCHANGED, loser.secret(), "its create failed with 409 AlreadyExists; the retry found the winner's");
    assertEquals(winner.get(0).bundle().files(), loser.bundle().files());
    assertEquals(winner.get(0).bundle().serving().certificatePem(), decode(secret().getData().get("tls.crt")));
    assertEquals(List.of(Duration.ofMillis(100)), sleeps);
  }

  @Test
  void twoReplicasRenewingAtOnceEndWithTheFirstWritersCertificates() {
    manager().reconcile(at(NOW));
    Instant due = NOW.plus(Duration.ofDays(61));
    List<Outcome> winner = new ArrayList<>();
    Clock racing = losingTheRaceTo(() -> winner.add(manager().reconcile(at(due))), due);

    Outcome loser = manager().reconcile(new Rotation(racing, POLICY));

    assertEquals(Change.RENEWED, winner.get(0).secret());
    assertEquals(Change.UNCHANGED, loser.secret(), "its update of an old version failed with 409 Conflict");
    assertEquals(winner.get(0).bundle().serving().certificatePem(), decode(secret().getData().get("tls.crt")));
    assertEquals(List.of(Duration.ofMillis(100)), sleeps);
  }

  @Test
  void aDueServingCertificateIsRenewedInTheSecretKeepingItsOtherKeysAndLabels() {
    CertificateBundle old = new Rotation(Clock.fixed(NOW.minus(Duration.ofDays(61)), ZoneOffset.UTC), POLICY).create();
    Map<String, String> data = encode(old.files());
    data.putAll(encode(Map.of("note", "kept")));
    client.secrets().inNamespace("condlint").resource(new SecretBuilder().withNewMetadata()
        .withName("condlint-webhook-tls").addToLabels("team", "platform").endMetadata()
        .withType("kubernetes.io/tls").withData(data).build()).create();

    Outcome outcome = manager().reconcile(at(NOW));

    assertEquals(Change.RENEWED, outcome.secret());
    Secret secret = secret();
    assertNotEquals(old.serving().certificatePem(), decode(secret.getData().get("tls.crt")));
    assertEquals(old.trustedPem(), decode(secret.getData().get("ca.crt")), "the CA has years left");
    assertEquals("kept", decode(secret.getData().get("note")));
    assertEquals("platform", secret.getMetadata().getLabels().get("team"));
    assertTrue(outcome.injected(), "the shipped configuration had no caBundle yet");
  }

  @Test
  void aNewCaIsTrustedBeforeTheSecretChanges() throws Exception {
    CertificateBundle old = manager().reconcile(at(NOW)).bundle();
    X509Certificate oldCa = old.authority().certificate();
    Instant caDue = Rotation.renewalTime(oldCa).plusSeconds(1);
    server.expect().put().withPath(SECRET_PATH).andReturn(403, errorStatus(403, "forbidden")).always();

    assertThrows(CertificateManagementException.class, () -> manager().reconcile(at(caDue)));

    assertEquals(old.files(), files(secret()), "the Secret write was refused");
    String caBundle = decode(webhooks().getWebhooks().get(0).getClientConfig().getCaBundle());
    List<X509Certificate> trusted = CertificateBundle.certificates(caBundle);
    assertEquals(2, trusted.size(), "new and old CA");
    assertEquals(oldCa, trusted.get(1));
    old.serving().certificate().verify(trusted.get(1).getPublicKey());
  }

  /** The body of an API server's error answer. */
  static Status errorStatus(int code, String message) {
    return new StatusBuilder().withCode(code).withMessage(message).build();
  }

  /** The API server answers every read of the Secret with this error. */
  private void everySecretReadFails(int code, String message) {
    server.expect().get().withPath(SECRET_PATH).andReturn(code, errorStatus(code, message)).always();
  }

  /** The message of the error that ends a reconcile at {@link #NOW}. */
  private String reconcileFailure() {
    return assertThrows(CertificateManagementException.class, () -> manager().reconcile(at(NOW))).getMessage();
  }

  /** The Secret's data, decoded. */
  static Map<String, String> files(Secret secret) {
    Map<String, String> files = new java.util.LinkedHashMap<>();
    secret.getData().forEach((k, v) -> files.put(k, decode(v)));
    return files;
  }

  @Test
  void anEmptySecretMadeBeforehandIsFilledByUpdate() {
    client.secrets().inNamespace("condlint").resource(new SecretBuilder().withNewMetadata()
        .withName("condlint-webhook-tls").endMetadata().withType("kubernetes.io/tls")
        .withData(Map.of("tls.crt", "", "tls.key", "")).build()).create();

    Outcome outcome = manager().reconcile(at(NOW));

    assertEquals(Change.CREATED, outcome.secret());
    assertEquals(outcome.bundle().serving().privateKeyPem(), decode(secret().getData().get("tls.key")));
  }

  @Test
  void aCertificateManagedByOthersIsLeftAlone() {
    CertificateBundle theirs = at(NOW).create();
    client.secrets().inNamespace("condlint").resource(new SecretBuilder().withNewMetadata()
        .withName("condlint-webhook-tls").endMetadata().withType("kubernetes.io/tls")
        .withData(encode(Map.of("tls.crt", theirs.serving().certificatePem(), "tls.key", theirs.serving().privateKeyPem(),
            "ca.crt", theirs.trustedPem()))).build()).create();
    String version = secret().getMetadata().getResourceVersion();

    assertEquals("Secret condlint/condlint-webhook-tls holds a certificate without ca.key, which condlint-certs did not make; leave it"
        + " to whoever manages it, or empty the Secret to let condlint-certs take over", reconcileFailure());
    assertEquals(version, secret().getMetadata().getResourceVersion());
  }

  @Test
  void serverErrorsAreRetriedWithGrowingWaits() {
    server.expect().get().withPath(SECRET_PATH).andReturn(500, errorStatus(500, "etcdserver: request timed out")).times(2);

    Outcome outcome = manager().reconcile(at(NOW));

    assertEquals(Change.CREATED, outcome.secret());
    assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200)), sleeps);
    assertTrue(secret().getData().containsKey("tls.crt"));
  }

  @Test
  void aConflictingWriteStartsOverFromAFreshRead() {
    manager().reconcile(at(NOW));
    String before = decode(secret().getData().get("tls.crt"));
    server.expect().put().withPath(SECRET_PATH).andReturn(409, new StatusBuilder().withCode(409)
        .withReason("Conflict").withMessage("the object has been modified").build()).once();

    Outcome outcome = manager().reconcile(at(NOW.plus(Duration.ofDays(61))));

    assertEquals(Change.RENEWED, outcome.secret());
    assertEquals(List.of(Duration.ofMillis(100)), sleeps);
    assertNotEquals(before, decode(secret().getData().get("tls.crt")));
  }

  @Test
  void theRetriesEndWithAClearError() {
    everySecretReadFails(503, "the server is currently unable to handle the request");

    assertEquals("storing the certificates in Secret condlint/condlint-webhook-tls failed after 4 attempts; last error:"
        + " HTTP 503: the server is currently unable to handle the request", reconcileFailure());
    assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(250)), sleeps);
  }

  @Test
  void anUnreachableApiServerIsRetriedThenNamed() {
    io.fabric8.kubernetes.client.Config config = new io.fabric8.kubernetes.client.ConfigBuilder(mockClient.getConfiguration())
        .withMasterUrl("https://127.0.0.1:1/").build();
    try (KubernetesClient unreachable = KubeClients.create(config)) {
      CertificateManager manager = new CertificateManager(new TlsSecret(unreachable, "condlint", "condlint-webhook-tls"),
          Optional.empty(), new KubernetesRetry(new Retry(3, Duration.ofMillis(100), Duration.ofMillis(250)), sleeps::add));

      CertificateManagementException e = assertThrows(CertificateManagementException.class, () -> manager.reconcile(at(NOW)));

      assertTrue(e.getMessage().startsWith("storing the certificates in Secret condlint/condlint-webhook-tls failed after 3"
          + " attempts; last error: cannot reach the API server (java.net.ConnectException"), e.getMessage());
      assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200)), sleeps);
    }
  }

  @Test
  void aMissingWebhookConfigurationIsReportedWithoutRetrying() {
    client.admissionRegistration().v1().validatingWebhookConfigurations().withName("condlint").delete();

    assertEquals("there is no ValidatingWebhookConfiguration named condlint; apply deploy/ first or name the right one"
        + " with --webhook-config", reconcileFailure());
    assertEquals(List.of(), sleeps);
  }

  @Test
  void forbiddenIsNotRetried() {
    everySecretReadFails(403, "secrets \"condlint-webhook-tls\" is forbidden");

    assertEquals("storing the certificates in Secret condlint/condlint-webhook-tls failed: HTTP 403: secrets"
        + " \"condlint-webhook-tls\" is forbidden", reconcileFailure());
    assertEquals(List.of(), sleeps);
  }

  @Test
  void createRefusesToReplaceCertificatesUnlessForced() {
    Outcome first = manager().reconcile(at(NOW));

    CertificateManagementException e = assertThrows(CertificateManagementException.class, () -> manager().create(at(NOW), false));
    assertTrue(e.getMessage().startsWith("Secret condlint/condlint-webhook-tls already holds certificates"), e.getMessage());

    Outcome forced = manager().create(at(NOW), true);
    assertNotEquals(first.bundle().trustedPem(), forced.bundle().trustedPem());
    assertTrue(forced.injected());
  }

  @Test
  void injectCopiesTheSecretsBundleAndNeedsOne() {
    CertificateManagementException e = assertThrows(CertificateManagementException.class, () -> manager().inject());
    assertEquals("Secret condlint/condlint-webhook-tls holds no certificates yet; run condlint-certs create first",
        e.getMessage());
    Outcome created = manager().reconcile(at(NOW));
    var config = webhooks();
    config.getWebhooks().forEach(h -> h.getClientConfig().setCaBundle(null));
    client.resource(config).update();

    assertTrue(manager().inject());
    assertEquals(created.bundle().trustedPem(), decode(webhooks().getWebhooks().get(1).getClientConfig().getCaBundle()));
    assertFalse(manager().inject());
  }

  @Test
  void withoutAWebhookConfigurationOnlyTheSecretIsManaged() {
    Outcome outcome = new CertificateManager(new TlsSecret(client, "condlint", "condlint-webhook-tls"), Optional.empty(),
        new KubernetesRetry(Retry.DEFAULT)).reconcile(at(NOW));
    assertFalse(outcome.injected());
    assertNull(webhooks().getWebhooks().get(0).getClientConfig().getCaBundle());
  }
}
