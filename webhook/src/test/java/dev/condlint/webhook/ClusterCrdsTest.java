package dev.condlint.webhook;

import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.Reviews;
import dev.condlint.cluster.KubeClients;
import dev.condlint.cluster.testing.TestApiServer;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import dev.condlint.rules.catalogue.Ruleset;
import io.vertx.core.Future;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.time.Clock;
import java.util.function.Predicate;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The webhook learns the cluster's CRDs (issue 16, part 2) from a mock API server in CRUD mode
 * (fabric8's kubernetes-server-mock, {@link TestApiServer}), connecting through {@code --kubeconfig} as
 * {@code condlint-webhook} does. The kind under test is Flux's Kustomization, whose conditions
 * condlint's catalogue says are {@code metav1.Condition} (a reason required): a CRD in the cluster that
 * says otherwise wins, as the CRD of a kind is a stronger source than the catalogue.
 */
@ExtendWith(VertxExtension.class)
class ClusterCrdsTest {
  private static final String CRD_NAME = "kustomizations.kustomize.toolkit.fluxcd.io";
  private static final String MISSING_REASON = "error condition-reason-required: Condition \"Ready\" has no reason;"
      + " its condition type requires one (per %s), so that users and tools can tell why the condition is as it is.";

  private final TestApiServer api = new TestApiServer();

  @AfterEach
  void stop() {
    api.close();
  }

  /** The CRD of Kustomization v1: its condition items have these fields, these of them required. */
  private static CustomResourceDefinition crd(List<String> fields, List<String> required) {
    StringBuilder properties = new StringBuilder();
    for (String field : fields) {
      properties.append(properties.length() == 0 ? "" : ",").append('"').append(field).append("\":")
          .append(field.equals("observedGeneration") ? "{\"type\":\"integer\",\"format\":\"int64\"}" : "{\"type\":\"string\"}");
    }
    String json = """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"%s"},
         "spec":{"group":"kustomize.toolkit.fluxcd.io","scope":"Namespaced",
          "names":{"plural":"kustomizations","singular":"kustomization","kind":"Kustomization","listKind":"KustomizationList"},
          "versions":[{"name":"v1","served":true,"storage":true,"subresources":{"status":{}},
           "schema":{"openAPIV3Schema":{"type":"object","properties":{
            "spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true},
            "status":{"type":"object","properties":{
             "observedGeneration":{"type":"integer","format":"int64"},
             "conditions":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["type"],
              "items":{"type":"object","required":%s,"properties":{%s}}}}}}}}}]}}"""
        .formatted(CRD_NAME, Reviews.JSON.valueToTree(required), properties);
    return Serialization.unmarshal(json, CustomResourceDefinition.class);
  }

  /** A status write of a Kustomization whose Ready condition has no reason. */
  private static Buffer statusWrite() {
    JsonNode object = Reviews.json("""
        {"apiVersion":"kustomize.toolkit.fluxcd.io/v1","kind":"Kustomization",
         "metadata":{"name":"apps","namespace":"flux-system","generation":1},
         "spec":{"interval":"10m","path":"./apps","prune":true,"sourceRef":{"kind":"GitRepository","name":"apps"}},
         "status":{"observedGeneration":1,"conditions":[{"type":"Ready","status":"True",
          "lastTransitionTime":"2026-01-01T00:00:00Z","message":"Applied revision main@sha1:abc","observedGeneration":1}]}}""");
    return Buffer.buffer(Reviews.review("UPDATE", "kustomize.toolkit.fluxcd.io", "Kustomization", "status", object, object)
        .toString());
  }

  private Path kubeconfig(Path dir) throws Exception {
    Path file = dir.resolve("kubeconfig");
    Files.writeString(file, api.kubeconfig("test", "default"));
    return file;
  }

  private static WebClient client(Vertx vertx) {
    return WebClient.create(vertx, new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false));
  }

  private static JsonNode review(WebClient client, TestWebhooks.Running webhook) {
    var response = await(client.post(webhook.port(), "127.0.0.1", "/validate").sendBuffer(statusWrite()));
    assertEquals(200, response.statusCode(), response.bodyAsString());
    return Reviews.json(response.bodyAsString()).path("response");
  }

  /** "allowed" with its warnings, or "denied 422" with the message of each cause: what the API server acts on. */
  private static List<String> verdict(JsonNode response) {
    if (response.path("allowed").asBoolean()) {
      return Stream.concat(Stream.of("allowed"),
          StreamSupport.stream(response.path("warnings").spliterator(), false).map(JsonNode::asText)).toList();
    }
    return Stream.concat(Stream.of("denied " + response.path("status").path("code").asInt()),
        StreamSupport.stream(response.path("status").path("details").path("causes").spliterator(), false)
            .map(c -> c.path("field").asText() + ": " + c.path("message").asText())).toList();
  }

  /** Polls for at most 10 s: a watch delivers a change within milliseconds here, within seconds in a cluster. */
  private static <T> T eventually(Callable<T> value, Predicate<T> done) throws Exception {
    return Polling.eventually(Duration.ofSeconds(10), value, done);
  }

  @Test
  void withoutClusterAccessTheCatalogueDecides(Vertx vertx) {
    WebClient client = client(vertx);
    TestWebhooks.Running webhook = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE));
    try {
      assertEquals(List.of("denied 422", "status.conditions[0].reason: "
          + MISSING_REASON.formatted("condlint's catalogue (Flux)")), verdict(review(client, webhook)));
      assertFalse(webhook.probe("/metrics").body().contains("condlint_crds_"));
    } finally {
      await(webhook.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void aCustomResourceIsJudgedByItsCrdInTheClusterAndByItsChangedCrdWithoutARestart(Vertx vertx, @TempDir Path dir)
      throws Exception {
    WebClient client = client(vertx);
    try (KubernetesClient kube = KubeClients.create(api.config(), vertx)) {
      var crds = kube.apiextensions().v1().customResourceDefinitions();
      // Conditions without a reason field, as some projects define them.
      crds.resource(crd(List.of("type", "status", "lastTransitionTime", "message", "observedGeneration"),
          List.of("type", "status"))).create();

      TestWebhooks.Running webhook = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0)
          .withMode(AdmissionMode.ENFORCE).withKubeconfig(kubeconfig(dir)).withClusterCrds(Duration.ofSeconds(30)));
      try {
        eventually(() -> webhook.probe("/readyz").statusCode(), status -> status == 200);
        JsonNode listed = webhook.logLines().stream().map(Reviews::json)
            .filter(l -> l.path("msg").asText().equals("cluster CRDs listed")).findFirst().orElseThrow();
        assertEquals(1, listed.path("crdVersions").asInt());
        assertFalse(listed.path("late").asBoolean());
        assertEquals(List.of("allowed"), verdict(review(client, webhook)));

        // The CRD now requires a reason: the next reviews follow it, with no restart.
        crds.resource(crd(List.of("type", "status", "lastTransitionTime", "message", "observedGeneration", "reason"),
            List.of("type", "status", "reason"))).update();
        List<String> denied = eventually(() -> verdict(review(client, webhook)), v -> !v.equals(List.of("allowed")));
        assertEquals(List.of("denied 422", "status.conditions[0].reason: "
            + MISSING_REASON.formatted("the CRD " + CRD_NAME + " (kustomize.toolkit.fluxcd.io/v1)")), denied);

        String metrics = webhook.probe("/metrics").body();
        assertTrue(metrics.contains("condlint_crds_synced 1.0"), metrics);
        assertTrue(metrics.contains("condlint_crds_versions 1.0"), metrics);
        assertTrue(metrics.lines().anyMatch(l -> l.matches("condlint_crds_last_change_timestamp_seconds [0-9.E]+")), metrics);
      } finally {
        await(webhook.webhook().shutdown(Duration.ofSeconds(5)));
      }
    }
  }

  @Test
  void readyzWaitsForTheFirstListOfCrds(@TempDir Path dir) throws Exception {
    api.load(List.of());
    api.delay("customresourcedefinitions.apiextensions.k8s.io", Duration.ofSeconds(60), 100);
    TestWebhooks.Running webhook = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0)
        .withKubeconfig(kubeconfig(dir)).withClusterCrds(Duration.ofMinutes(5)));
    try {
      var readyz = webhook.probe("/readyz");
      assertEquals(503, readyz.statusCode());
      assertEquals("waiting for the first list of the cluster's CRDs", readyz.body());
      assertTrue(webhook.probe("/metrics").body().contains("condlint_crds_synced 0.0"));
    } finally {
      await(webhook.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void afterTheWaitItIsReadyAndJudgesAsWithoutClusterAccess(Vertx vertx, @TempDir Path dir) throws Exception {
    WebClient client = client(vertx);
    api.load(List.of());
    api.delay("customresourcedefinitions.apiextensions.k8s.io", Duration.ofSeconds(60), 100);
    TestWebhooks.Running webhook = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withKubeconfig(kubeconfig(dir)).withClusterCrds(Duration.ofMillis(200)));
    try {
      eventually(() -> webhook.probe("/readyz").statusCode(), status -> status == 200);
      JsonNode warned = webhook.logLines().stream().map(Reviews::json)
          .filter(l -> l.path("level").asText().equals("warn")).findFirst().orElseThrow();
      assertEquals("the cluster's CRDs were not listed in time; ready without them, judging custom resources as"
          + " without cluster access until they are", warned.path("msg").asText());
      assertEquals("PT0.2S", warned.path("syncWait").asText());
      assertEquals(List.of("denied 422", "status.conditions[0].reason: "
          + MISSING_REASON.formatted("condlint's catalogue (Flux)")), verdict(review(client, webhook)));
    } finally {
      await(webhook.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void theCommandLineLearnsCrdsInAPodOrWithAKubeconfig(@TempDir Path dir) {
    assertEquals(List.of(false, true, true, false),
        List.of(Main.learnsCrds("auto", false, false), Main.learnsCrds("auto", true, false),
            Main.learnsCrds("auto", false, true), Main.learnsCrds("off", true, true)));
    assertEquals("--cluster-crds takes auto or off: on",
        assertThrows(IllegalArgumentException.class, () -> Main.learnsCrds("on", true, true)).getMessage());

    Main local = new Main();
    new CommandLine(local).parseArgs("--self-signed");
    assertFalse(local.options().clusterCrds());
    Main withKubeconfig = new Main();
    new CommandLine(withKubeconfig).parseArgs("--self-signed", "--kubeconfig", dir.resolve("config").toString(),
        "--crd-sync-wait", "45s");
    WebhookOptions options = withKubeconfig.options();
    assertEquals(List.of(true, Optional.of(dir.resolve("config")), Duration.ofSeconds(45)),
        List.of(options.clusterCrds(), options.kubeconfig(), options.crdSyncWait()));
  }

  @Test
  void aKubeconfigThatCannotBeReadStopsTheStart(@TempDir Path dir) {
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    Future<Webhook> started = Webhook.start(WebhookOptions.selfSigned(0).withKubeconfig(dir.resolve("missing"))
            .withClusterCrds(Duration.ofSeconds(1)), Ruleset.builtIn(),
        new JsonLog(new PrintStream(logged, true, StandardCharsets.UTF_8), Clock.systemUTC()));
    assertTrue(started.failed());
    JsonNode line = Reviews.json(logged.toString(StandardCharsets.UTF_8).strip());
    assertEquals(List.of("error", "cannot start", "--kubeconfig: cannot read " + dir.resolve("missing")),
        List.of(line.path("level").asText(), line.path("msg").asText(), line.path("error").asText()));
  }
}
