package dev.condlint.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.TestRules;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.StreamSupport;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/** Starts webhooks for tests with the admission module's test rules and a log the test can read. */
final class TestWebhooks {
  /** The annotation that makes {@link Sleeps} take that many milliseconds. */
  static final String SLEEP_ANNOTATION = "test.condlint.dev/sleep-ms";
  /** The annotation that makes {@link Gated} wait at {@link #gate} before each condition it reports. */
  static final String GATE_ANNOTATION = "test.condlint.dev/gated";
  /** What {@link Gated} waits for before each condition; a test sets it. */
  static volatile java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(0);
  /** How many conditions {@link Gated} has come to, over the JVM's life. */
  static final java.util.concurrent.atomic.AtomicInteger gatedConditions = new java.util.concurrent.atomic.AtomicInteger();

  private TestWebhooks() {}

  /** A running webhook and what it logged. */
  record Running(Webhook webhook, JsonLog log, ByteArrayOutputStream logged) {
    /** Every line logged so far, the batched decision lines included. */
    List<String> logLines() {
      log.flush();
      return logged.toString(StandardCharsets.UTF_8).lines().toList();
    }

    int port() {
      return webhook.port();
    }

    /** GET {@code path} on the plain-HTTP probe port. */
    java.net.http.HttpResponse<String> probe(String path) {
      return TestWebhooks.probe(webhook.probePort(), path);
    }
  }

  /** GET {@code path} in plain HTTP on this port of 127.0.0.1. */
  static java.net.http.HttpResponse<String> probe(int port, String path) {
    try {
      return java.net.http.HttpClient.newHttpClient().send(
          java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + path)).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  static Running start(WebhookOptions options) {
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    JsonLog log = log(logged);
    return new Running(await(Webhook.start(options, ruleset(), log)), log, logged);
  }

  /** Starts a webhook with condlint's own rules, as {@code condlint-webhook} runs. */
  static Running startBuiltIn(WebhookOptions options) {
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    JsonLog log = log(logged);
    return new Running(await(Webhook.start(options, Ruleset.builtIn(), log)), log, logged);
  }

  /** Starts a webhook with condlint's own rules whose clock (the rules' "now" among others) is this one. */
  static Running startBuiltIn(WebhookOptions options, Clock clock) {
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    JsonLog log = log(logged);
    return new Running(await(Webhook.start(options, Ruleset.builtIn(), log,
        Webhook.clusterClients(options), clock)), log, logged);
  }

  /** Starts a webhook that manages its certificates through these clients, at this clock's time. */
  static Future<Running> start(WebhookOptions options, Function<Vertx, KubernetesClient> clients, Clock clock) {
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    JsonLog log = log(logged);
    return Webhook.start(options, ruleset(), log, clients, clock).map(w -> new Running(w, log, logged));
  }

  private static Ruleset ruleset() {
    List<Rule> rules = new ArrayList<>(TestRules.all());
    rules.add(new Sleeps());
    rules.add(new Gated());
    return Ruleset.builtIn().withRules(rules);
  }

  private static JsonLog log(ByteArrayOutputStream logged) {
    return new JsonLog(new PrintStream(logged, true, StandardCharsets.UTF_8), Clock.systemUTC());
  }

  /**
   * A TLS context that accepts whatever certificate a server presents: for tests that look at the
   * handshake or the served certificate itself, not at whether it is trusted.
   */
  static SSLContext trustingAnyServer() throws GeneralSecurityException {
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, new TrustManager[] {new X509TrustManager() {
      @Override
      public void checkClientTrusted(X509Certificate[] chain, String authType) {}

      @Override
      public void checkServerTrusted(X509Certificate[] chain, String authType) {}

      @Override
      public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
      }
    }}, null);
    return context;
  }

  /** The warnings of an AdmissionReview response, in order. */
  static List<String> warnings(JsonNode review) {
    return StreamSupport.stream(review.path("response").path("warnings").spliterator(), false)
        .map(JsonNode::asText).toList();
  }

  static <T> T await(Future<T> future) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Stands for a rule that reports on every item of a long list, slowly: before each condition it waits
   * at {@link #gate}, then reports it. Runs only on objects with the {@link #GATE_ANNOTATION}.
   */
  @RuleInfo(id = "test-gated", title = "t", severity = Severity.INFO, scope = Scope.OBJECT, rationale = "r",
      source = "s")
  static final class Gated implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      if (!check.object().path("metadata").path("annotations").has(GATE_ANNOTATION)) {
        return;
      }
      for (dev.condlint.model.Condition condition : check.allConditions()) {
        gatedConditions.incrementAndGet();
        try {
          gate.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        check.report(condition.pointer("type"), "reached", "");
      }
    }
  }

  /** Stands for a slow rule: sleeps as long as the object's annotation says. */
  @RuleInfo(id = "test-sleeps", title = "t", severity = Severity.INFO, scope = Scope.OBJECT, rationale = "r",
      source = "s")
  static final class Sleeps implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      long ms = check.object().path("metadata").path("annotations").path(SLEEP_ANNOTATION).asLong(0);
      try {
        Thread.sleep(ms);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
