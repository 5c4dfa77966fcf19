package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.crd;
import static dev.condlint.admission.Reviews.review;
import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static dev.condlint.webhook.TestWebhooks.warnings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.Reviews;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.junit5.VertxExtension;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The real HTTPS server on a random port, driven by Vert.x clients over HTTP/1.1 and HTTP/2. */
@ExtendWith(VertxExtension.class)
class WebhookServerTest {
  private static final String T1 = "2024-05-01T08:00:00Z";
  private static final String UID = "705ab4f5-6393-11e8-b7cc-42010a800002";

  private static TestWebhooks.Running warn;
  private static TestWebhooks.Running enforce;
  private static TestWebhooks.Running audit;
  // enforce, with every body decided on the worker pool rather than on the event loop
  private static TestWebhooks.Running enforceOnWorkers;
  private static WebClient http1;
  private static WebClient http2;

  enum Protocol { HTTP_1_1, HTTP_2 }

  @BeforeAll
  static void start(Vertx vertx) {
    WebhookOptions options = WebhookOptions.selfSigned(0).withLimits(WebhookOptions.DEFAULT_MAX_BODY,
        java.time.Duration.ofSeconds(8));
    warn = TestWebhooks.start(options);
    enforce = TestWebhooks.start(options.withMode(AdmissionMode.ENFORCE));
    audit = TestWebhooks.start(options.withMode(AdmissionMode.AUDIT));
    enforceOnWorkers = TestWebhooks.start(options.withMode(AdmissionMode.ENFORCE).withInlineMaxBytes(0));
    WebClientOptions tls = new WebClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
        .setDefaultHost("127.0.0.1");
    http1 = WebClient.create(vertx, new WebClientOptions(tls).setProtocolVersion(HttpVersion.HTTP_1_1));
    http2 = WebClient.create(vertx, new WebClientOptions(tls).setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true));
  }

  @AfterAll
  static void stop() {
    for (TestWebhooks.Running r : List.of(warn, enforce, audit, enforceOnWorkers)) {
      await(r.webhook().shutdown(java.time.Duration.ofSeconds(5)));
    }
  }

  static WebClient client(Protocol protocol) {
    return protocol == Protocol.HTTP_2 ? http2 : http1;
  }

  static HttpResponse<Buffer> post(Protocol protocol, TestWebhooks.Running server, Buffer body) {
    HttpResponse<Buffer> response = await(client(protocol).post(server.port(), "127.0.0.1", "/validate")
        .putHeader("content-type", "application/json").sendBuffer(body));
    assertEquals(protocol == Protocol.HTTP_2 ? HttpVersion.HTTP_2 : HttpVersion.HTTP_1_1, response.version());
    return response;
  }

  static JsonNode validate(Protocol protocol, TestWebhooks.Running server, JsonNode review) {
    HttpResponse<Buffer> response = post(protocol, server, Buffer.buffer(review.toString()));
    assertEquals(200, response.statusCode(), response.bodyAsString());
    assertEquals("application/json", response.getHeader("content-type"));
    return Reviews.json(response.bodyAsString());
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void statusUpdateIsCheckedWithObjectAndTransitionRules(Protocol protocol) {
    JsonNode response = validate(protocol, warn,
        widgetReview("UPDATE", "status", widget("False", "synced", T1), widget("True", "synced", T1)));
    assertEquals(UID, response.path("response").path("uid").asText());
    assertEquals("admission.k8s.io/v1", response.path("apiVersion").asText());
    assertEquals("AdmissionReview", response.path("kind").asText());
    assertTrue(response.path("response").path("allowed").asBoolean());
    assertEquals(List.of(
        "error test-false-is-error at status.conditions[0].status: Condition is \"False\".",
        "warning test-status-flip-keeps-time at status.conditions[0].lastTransitionTime: Status changed, time did not.",
        "warning test-lowercase-type at status.conditions[1].type: Type \"synced\" starts in lower case."),
        warnings(response));
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void crdWriteIsCheckedWithCrdRules(Protocol protocol) {
    JsonNode response = validate(protocol, warn,
        review("CREATE", "apiextensions.k8s.io", "CustomResourceDefinition", "", crd(false), null));
    assertEquals(List.of("error test-crd-without-status at spec.versions[0].subresources.status: No status subresource."),
        warnings(response));
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void mainResourceWriteIsCheckedWithObjectRules(Protocol protocol) {
    JsonNode response = validate(protocol, warn, widgetReview("CREATE", "", widget("True", "synced", T1), null));
    assertEquals(List.of("warning test-lowercase-type at status.conditions[1].type: Type \"synced\" starts in lower case."),
        warnings(response));
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void deleteIsAllowedUntouchedEvenWhenEnforcing(Protocol protocol) {
    JsonNode response = validate(protocol, enforce, widgetReview("DELETE", "", null, widget("False", "synced", T1)));
    assertEquals(Reviews.json("{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\","
        + " \"response\": {\"uid\": \"" + UID + "\", \"allowed\": true}}"), response);
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void enforceDeniesWith422AndCauses(Protocol protocol) {
    JsonNode response = validate(protocol, enforce,
        widgetReview("UPDATE", "status", widget("False", "Synced", T1), widget("False", "Synced", T1)));
    JsonNode r = response.path("response");
    assertFalse(r.path("allowed").asBoolean());
    assertEquals(422, r.path("status").path("code").asInt());
    assertEquals("Invalid", r.path("status").path("reason").asText());
    assertEquals("condlint denied Widget w1: 1 error: test-false-is-error at status.conditions[0].status",
        r.path("status").path("message").asText());
    assertEquals(1, r.path("status").path("details").path("causes").size());
    assertEquals(Reviews.json("""
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "response": {"uid": "%s", "allowed": false,
           "warnings": ["error test-false-is-error at status.conditions[0].status: Condition is \\"False\\"."],
           "status": {"metadata": {}, "status": "Failure",
             "message": "condlint denied Widget w1: 1 error: test-false-is-error at status.conditions[0].status",
             "reason": "Invalid",
             "details": {"name": "w1", "group": "example.com", "kind": "Widget",
               "causes": [{"reason": "FieldValueInvalid", "message": "error test-false-is-error: Condition is \\"False\\".",
                           "field": "status.conditions[0].status"}]},
             "code": 422}}}
        """.formatted(UID)), response);
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void enforceAllowsWarningsAndInfosWithWarnings(Protocol protocol) {
    JsonNode response = validate(protocol, enforce, widgetReview("CREATE", "", widget("True", "synced", T1), null));
    assertEquals(Reviews.json("""
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "response": {"uid": "%s", "allowed": true,
           "warnings": ["warning test-lowercase-type at status.conditions[1].type: Type \\"synced\\" starts in lower case."]}}
        """.formatted(UID)), response);
  }

  @Test
  void auditAllowsWithoutWarningsButLogsTheRules() {
    ObjectNode review = widgetReview("CREATE", "", widget("False", "synced", T1), null);
    ((ObjectNode) review.get("request")).put("uid", "audit-uid-1");
    JsonNode response = validate(Protocol.HTTP_2, audit, review);
    assertEquals(Reviews.json("{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\","
        + " \"response\": {\"uid\": \"audit-uid-1\", \"allowed\": true}}"), response);
    JsonNode line = decisionLine(audit, "audit-uid-1");
    assertEquals("allow", line.path("decision").asText());
    assertEquals(List.of("test-false-is-error", "test-lowercase-type"),
        java.util.stream.StreamSupport.stream(line.path("rules").spliterator(), false).map(JsonNode::asText).toList());
  }

  @Test
  void logsOneLinePerDecisionWithoutObjectContents() {
    ObjectNode review = widgetReview("CREATE", "", widget("False", "synced", T1), null);
    ((ObjectNode) review.get("request")).put("uid", "log-uid-1");
    validate(Protocol.HTTP_1_1, warn, review);
    JsonNode line = decisionLine(warn, "log-uid-1");
    assertEquals("info", line.path("level").asText());
    assertEquals("Widget", line.path("kind").asText());
    assertEquals("w1", line.path("name").asText());
    assertEquals("CREATE", line.path("operation").asText());
    assertEquals("warn", line.path("decision").asText());
    assertFalse(line.toString().contains("lastTransitionTime"), line.toString());
    assertEquals(1, warn.logLines().stream().filter(l -> l.contains("\"log-uid-1\"")).count());
  }

  static JsonNode decisionLine(TestWebhooks.Running server, String uid) {
    return server.logLines().stream().map(Reviews::json)
        .filter(l -> l.path("msg").asText().equals("decision") && l.path("uid").asText().equals(uid))
        .findFirst().orElseThrow(() -> new AssertionError("no decision logged for " + uid));
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void v1beta1IsAnsweredInKind(Protocol protocol) {
    ObjectNode review = widgetReview("CREATE", "", widget("True", "Synced", T1), null);
    review.put("apiVersion", "admission.k8s.io/v1beta1");
    assertEquals("admission.k8s.io/v1beta1", validate(protocol, warn, review).path("apiVersion").asText());
  }

  @Test
  void warningsStayWithinTheApiServerLimits() {
    String conditions = IntStream.range(0, 60)
        .mapToObj(i -> "{\"type\": \"t" + i + "\", \"status\": \"False\", \"reason\": \"" + "R".repeat(150) + "\"}")
        .collect(Collectors.joining(","));
    JsonNode object = Reviews.json("{\"apiVersion\": \"example.com/v1\", \"kind\": \"Widget\","
        + " \"metadata\": {\"name\": \"w1\"}, \"status\": {\"conditions\": [" + conditions + "]}}");
    List<String> warnings = warnings(validate(Protocol.HTTP_2, warn, widgetReview("CREATE", "", object, null)));
    assertTrue(warnings.stream().allMatch(w -> w.length() <= 256));
    assertTrue(warnings.stream().mapToInt(String::length).sum() <= 4096);
    assertTrue(warnings.get(0).startsWith("error test-false-is-error at status.conditions[0].status"), warnings.get(0));
    String last = warnings.get(warnings.size() - 1);
    int shown = warnings.size() - 1;
    assertEquals((120 - shown) + " more condlint findings were left out to stay within the API server's warning"
        + " limits; run `condlint review` on the request to see all", last);
  }

  /** A review of {@code n} bad conditions, each of which two test rules report. */
  private static Buffer badConditions(int n) {
    String conditions = IntStream.range(0, n)
        .mapToObj(i -> "{\"type\": \"t" + i + "\", \"status\": \"False\", \"reason\": \"R\", \"message\": \"m\","
            + " \"lastTransitionTime\": \"" + T1 + "\"}")
        .collect(Collectors.joining(","));
    JsonNode object = Reviews.json("{\"apiVersion\": \"example.com/v1\", \"kind\": \"Widget\","
        + " \"metadata\": {\"name\": \"w1\"}, \"status\": {\"conditions\": [" + conditions + "]}}");
    return Buffer.buffer(widgetReview("CREATE", "", object, null).toString());
  }

  /** A review with 2,400 bad conditions (4,800 findings) gets a denial of a few KB, not one many times its size. */
  @Test
  void aDenialStaysSmallWhateverTheNumberOfFindings() {
    Buffer review = badConditions(2_400);
    assertTrue(review.length() > 200_000, "review of " + review.length() + " bytes");
    HttpResponse<Buffer> response = post(Protocol.HTTP_2, enforce, review);
    assertEquals(200, response.statusCode());
    assertTrue(response.body().length() < 16 * 1024, "answer of " + response.body().length() + " bytes");
    JsonNode causes = Reviews.json(response.bodyAsString()).path("response").path("status").path("details").path("causes");
    assertEquals(51, causes.size());
    assertEquals("4750 more condlint findings were left out to keep the response small; run `condlint review` on the"
        + " request to see all", causes.get(50).path("message").asText());
  }

  /**
   * A review with 10,000 bad conditions (1.4 MB, 20,000 findings) is not checked: past --max-findings
   * (5,000) the rules stop, and the webhook's failurePolicy decides.
   */
  @Test
  void aReviewWithMoreFindingsThanTheLimitIsNotChecked() {
    HttpResponse<Buffer> response = post(Protocol.HTTP_2, enforce, badConditions(10_000));
    assertEquals(503, response.statusCode());
    assertEquals("{\"code\":503,\"error\":\"the rules reported more than 5000 findings and did not check the review;"
        + " the webhook's failurePolicy decides\"}", response.bodyAsString());
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void bodyOverTheLimitGets413AndTheServerKeepsServing(Protocol protocol) {
    Buffer big = Buffer.buffer("{\"padding\": \"" + "x".repeat(3 * 1024 * 1024) + "\"}");
    int from = warn.logLines().size();
    HttpResponse<Buffer> response = post(protocol, warn, big);
    assertEquals(413, response.statusCode());
    assertEquals(Reviews.json("{\"code\": 413, \"error\": \"the body is larger than 3145728 bytes\"}"),
        Reviews.json(response.bodyAsString()));
    assertEquals(List.of("413 POST /validate: the body is larger than 3145728 bytes"), refusals(warn, from));
    validate(protocol, warn, widgetReview("CREATE", "", widget("True", "Synced", T1), null));
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void malformedJsonGets400WithAJsonErrorAndTheServerKeepsServing(Protocol protocol) {
    HttpResponse<Buffer> response = post(protocol, warn, Buffer.buffer("{\"apiVersion\": "));
    assertEquals(400, response.statusCode());
    assertEquals("application/json", response.getHeader("content-type"));
    JsonNode error = Reviews.json(response.bodyAsString());
    assertTrue(error.path("error").asText().startsWith("the body is not valid JSON: "), error.toString());
    validate(protocol, warn, widgetReview("CREATE", "", widget("True", "Synced", T1), null));
  }

  /** The client is shown the token that is not JSON; the log only where it is. */
  @ParameterizedTest
  @EnumSource(Protocol.class)
  void aMalformedBodysTokenIsNotLogged(Protocol protocol) {
    int from = warn.logLines().size();
    HttpResponse<Buffer> response = post(protocol, warn, Buffer.buffer("{\"apiVersion\":\n  hunter2secret}"));
    assertEquals(400, response.statusCode());
    assertTrue(response.bodyAsString().contains("Unrecognized token 'hunter2secret'"), response.bodyAsString());
    List<String> logged = warn.logLines().subList(from, warn.logLines().size());
    assertEquals(1, logged.size(), logged.toString());
    JsonNode line = Reviews.json(logged.get(0));
    assertEquals("bad request", line.path("msg").asText());
    assertEquals("the body is not valid JSON at line 2, column 3", line.path("error").asText());
    assertFalse(logged.get(0).contains("hunter2"), logged.get(0));
  }

  /** The log lines of refused requests logged from line {@code from} on, as "code method path: error". */
  static List<String> refusals(TestWebhooks.Running server, int from) {
    List<String> lines = server.logLines();
    return lines.subList(from, lines.size()).stream().map(Reviews::json)
        .filter(l -> l.path("msg").asText().equals("request refused") && l.path("level").asText().equals("warn"))
        .map(l -> l.path("code").asInt() + " " + l.path("method").asText() + " " + l.path("requestPath").asText()
            + ": " + l.path("error").asText())
        .toList();
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void aFormBodyGets415WithAJsonErrorAndALogLine(Protocol protocol) {
    int from = warn.logLines().size();
    for (String type : List.of("application/x-www-form-urlencoded", "multipart/form-data; boundary=x")) {
      HttpResponse<Buffer> response = await(client(protocol).post(warn.port(), "127.0.0.1", "/validate")
          .putHeader("content-type", type).sendBuffer(Buffer.buffer("a=b")));
      assertEquals(415, response.statusCode());
      assertEquals("application/json", response.getHeader("content-type"));
      assertEquals(Reviews.json("{\"code\": 415, \"error\": \"the body must be an AdmissionReview in JSON"
          + " (content-type: application/json), not " + type + "\"}"), Reviews.json(response.bodyAsString()));
    }
    assertEquals(List.of(
        "415 POST /validate: the body must be an AdmissionReview in JSON (content-type: application/json), not"
            + " application/x-www-form-urlencoded",
        "415 POST /validate: the body must be an AdmissionReview in JSON (content-type: application/json), not"
            + " multipart/form-data; boundary=x"), refusals(warn, from));
    validate(protocol, warn, widgetReview("CREATE", "", widget("True", "Synced", T1), null));
  }

  /**
   * A compressed body (any content-encoding but identity) gets 415 naming its encoding: the webhook reads
   * JSON as it was sent, and the API server sends it so. Before, a gzip body was read as JSON (400,
   * "Illegal character ((CTRL-CHAR, code 31))"), and a plain body labelled br was decided as if unlabelled.
   */
  @ParameterizedTest
  @EnumSource(Protocol.class)
  void aCompressedBodyGets415NamingItsEncoding(Protocol protocol) throws Exception {
    int from = warn.logLines().size();
    String review = widgetReview("CREATE", "", widget("True", "Synced", T1), null).toString();
    java.io.ByteArrayOutputStream gzipped = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(gzipped)) {
      gzip.write(review.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    for (String encoding : List.of("gzip", "br")) {
      Buffer body = encoding.equals("gzip") ? Buffer.buffer(gzipped.toByteArray()) : Buffer.buffer(review);
      HttpResponse<Buffer> response = await(client(protocol).post(warn.port(), "127.0.0.1", "/validate")
          .putHeader("content-type", "application/json").putHeader("content-encoding", encoding).sendBuffer(body));
      assertEquals(415, response.statusCode());
      assertEquals("{\"code\":415,\"error\":\"the body must be sent uncompressed (content-encoding: " + encoding
          + "): the webhook reads JSON as it is sent\"}", response.bodyAsString());
    }
    assertEquals(List.of(
        "415 POST /validate: the body must be sent uncompressed (content-encoding: gzip): the webhook reads JSON as it is sent",
        "415 POST /validate: the body must be sent uncompressed (content-encoding: br): the webhook reads JSON as it is sent"),
        refusals(warn, from));
    HttpResponse<Buffer> identity = await(client(protocol).post(warn.port(), "127.0.0.1", "/validate")
        .putHeader("content-type", "application/json").putHeader("content-encoding", "identity")
        .sendBuffer(Buffer.buffer(review)));
    assertEquals(200, identity.statusCode(), identity.bodyAsString());
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void otherPathsAndMethodsGetJsonErrorsAndALogLine(Protocol protocol) {
    int from = warn.logLines().size();
    HttpResponse<Buffer> get = await(client(protocol).get(warn.port(), "127.0.0.1", "/validate").send());
    assertEquals(405, get.statusCode());
    assertEquals(Reviews.json("{\"code\": 405, \"error\": \"GET is not allowed: the webhook serves POST /validate\"}"),
        Reviews.json(get.bodyAsString()));
    HttpResponse<Buffer> elsewhere = await(client(protocol).post(warn.port(), "127.0.0.1", "/mutate").send());
    assertEquals(404, elsewhere.statusCode());
    assertEquals(Reviews.json("{\"code\": 404, \"error\": \"nothing here: the webhook serves POST /validate\"}"),
        Reviews.json(elsewhere.bodyAsString()));
    assertEquals(List.of("405 GET /validate: GET is not allowed: the webhook serves POST /validate",
        "404 POST /mutate: nothing here: the webhook serves POST /validate"), refusals(warn, from));
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void reviewWithoutRequestGets400(Protocol protocol) {
    HttpResponse<Buffer> response = post(protocol, warn,
        Buffer.buffer("{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\"}"));
    assertEquals(400, response.statusCode());
    assertEquals(Reviews.json("{\"code\": 400, \"error\": \"the AdmissionReview has no 'request' object\"}"),
        Reviews.json(response.bodyAsString()));
  }

  @ParameterizedTest
  @EnumSource(Protocol.class)
  void unknownOperationIsAllowedWithAWarning(Protocol protocol) {
    JsonNode response = validate(protocol, enforce, widgetReview("EVICT", "", widget("False", "Synced", T1), null));
    assertTrue(response.path("response").path("allowed").asBoolean());
    assertEquals(List.of("condlint does not know the operation 'EVICT' and allowed the request unchecked"),
        warnings(response));
  }

  /**
   * Bodies decided on the event loop and on the worker pool get the same status and the same bytes;
   * each log line says which path it took, so the test sees that {@code withInlineMaxBytes(0)} sends
   * every body to the pool, the empty one included.
   */
  @ParameterizedTest
  @EnumSource(Protocol.class)
  void theEventLoopAndTheWorkerPoolAnswerAlike(Protocol protocol) {
    List<String> bodies = List.of(
        widgetReview("UPDATE", "status", widget("False", "Synced", T1), widget("False", "Synced", T1)).toString(),
        widgetReview("UPDATE", "status", widget("False", "synced", T1), widget("True", "synced", T1)).toString(),
        widgetReview("CREATE", "", widget("True", "Synced", T1), null).toString(),
        widgetReview("EVICT", "", widget("False", "Synced", T1), null).toString(),
        review("CREATE", "apiextensions.k8s.io", "CustomResourceDefinition", "", crd(false), null).toString(),
        "{\"apiVersion\": ",
        "",
        "[1, 2]",
        "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\"}");
    for (String body : bodies) {
      int inlineFrom = enforce.logLines().size();
      HttpResponse<Buffer> inline = post(protocol, enforce, Buffer.buffer(body));
      assertEquals("event-loop", loggedPath(enforce, inlineFrom), body);
      int pooledFrom = enforceOnWorkers.logLines().size();
      HttpResponse<Buffer> pooled = post(protocol, enforceOnWorkers, Buffer.buffer(body));
      assertEquals("worker-pool", loggedPath(enforceOnWorkers, pooledFrom), body);
      assertEquals(pooled.statusCode(), inline.statusCode(), body);
      assertEquals(pooled.getHeader("content-type"), inline.getHeader("content-type"), body);
      assertEquals(pooled.bodyAsString(), inline.bodyAsString(), body);
    }
    // The cases differ: a denial, warnings, a fail-open note, and 400s.
    assertEquals(422, validate(protocol, enforce, Reviews.json(bodies.get(0))).path("response").path("status")
        .path("code").asInt());
    assertEquals(400, post(protocol, enforceOnWorkers, Buffer.buffer(bodies.get(5))).statusCode());
  }

  /** The {@code path} of the one decision or bad-request line logged from line {@code from} on. */
  static String loggedPath(TestWebhooks.Running server, int from) {
    List<String> lines = server.logLines();
    List<JsonNode> requests = lines.subList(from, lines.size()).stream().map(Reviews::json)
        .filter(l -> List.of("decision", "bad request").contains(l.path("msg").asText())).toList();
    assertEquals(1, requests.size(), requests.toString());
    return requests.get(0).path("path").asText();
  }

  @Test
  void healthReadinessAndMetrics() {
    validate(Protocol.HTTP_1_1, warn,
        widgetReview("UPDATE", "status", widget("False", "synced", T1), widget("True", "synced", T1)));
    assertEquals("ok", warn.probe("/healthz").body());
    assertEquals(200, warn.probe("/readyz").statusCode());
    String metrics = warn.probe("/metrics").body();
    assertTrue(metrics.contains("condlint_admission_requests_total{decision=\"warn\",kind=\"Widget\",operation=\"UPDATE\",}"), metrics);
    assertTrue(metrics.contains("condlint_findings_total{rule=\"test-status-flip-keeps-time\",severity=\"warning\",}"), metrics);
    assertTrue(metrics.contains("condlint_admission_duration_seconds_bucket{le=\"5.0E-4\",}"), metrics);
    assertTrue(metrics.contains("condlint_admission_duration_seconds_bucket{le=\"10.0\",}"), metrics);
    // Of Vert.x's names, exactly the two meters docs/webhook.md documents, with their labels (the
    // server is shared by this class's tests: other series of these two may be there too).
    assertEquals(Set.of("vertx_http_server_requests_total", "vertx_http_server_active_requests"),
        metrics.lines().filter(l -> l.startsWith("vertx_")).map(l -> l.substring(0, l.indexOf('{')))
            .collect(Collectors.toSet()), metrics);
    for (String series : List.of("vertx_http_server_requests_total{code=\"200\",method=\"POST\",route=\"/validate\",} ",
        "vertx_http_server_requests_total{code=\"200\",method=\"GET\",route=\"/healthz\",} ",
        "vertx_http_server_requests_total{code=\"200\",method=\"GET\",route=\"/readyz\",} ",
        // This scrape is the one GET in progress on the probe port; no POST is.
        "vertx_http_server_active_requests{method=\"GET\",} 1.0", "vertx_http_server_active_requests{method=\"POST\",} 0.0")) {
      assertTrue(metrics.lines().anyMatch(l -> l.startsWith(series)), series);
    }
    // The JVM's and the process's own.
    for (String meter : List.of("jvm_memory_used_bytes{area=\"heap\",", "jvm_memory_max_bytes{area=\"heap\",",
        "jvm_gc_memory_allocated_bytes_total ", "jvm_threads_live_threads ", "jvm_classes_loaded_classes ",
        "process_cpu_usage ", "process_uptime_seconds ", "process_start_time_seconds ", "process_files_open_files ",
        "process_files_max_files ", "system_cpu_count ")) {
      assertTrue(metrics.lines().anyMatch(l -> l.startsWith(meter)), meter);
    }
    double expiry = metrics.lines().filter(l -> l.startsWith("condlint_certificate_expiry_seconds "))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.indexOf(' ') + 1))).findFirst().orElseThrow();
    assertTrue(expiry > 364 * 86400.0 && expiry <= 365 * 86400.0, "expiry " + expiry);
  }
}
