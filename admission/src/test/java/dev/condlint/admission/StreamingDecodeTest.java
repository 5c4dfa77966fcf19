package dev.condlint.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming decode ({@link ReviewDecoder}) answers every review exactly as the whole decode does:
 * the same findings and the same AdmissionReview response, on every recorded review of the corpus (and
 * the bare requests, once wrapped), in each mode.
 */
class StreamingDecodeTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);

  static Stream<Path> corpus() throws Exception {
    return CorpusTest.corpus();
  }

  /** The review as the API server sends it: JSON (the corpus's YAML reviews re-encoded), bare requests wrapped. */
  static byte[] body(Path file) throws Exception {
    JsonNode review = CorpusTest.read(file);
    if (!review.has("request")) {
      ObjectNode wrapped = Reviews.JSON.createObjectNode();
      wrapped.put("apiVersion", AdmissionRequest.V1).put("kind", "AdmissionReview").set("request", review);
      review = wrapped;
    }
    return Reviews.JSON.writeValueAsBytes(review);
  }

  /** Decides a body decoded whole, then streamed, and asserts the same findings and response. */
  static void assertSameAnswer(Admission admission, byte[] body) throws Exception {
    Decision whole = admission.decide(AdmissionRequest.parse(Reviews.JSON.readTree(body)));
    ReviewDecoder.Decoded streamed = admission.decoder().decode(ReviewDecoder.Source.of(body));
    // Without comparing parts of the body in place: the same request, and as much held.
    ReviewDecoder.Decoded parsedOnly = admission.decoder().decode(() -> new ByteArrayInputStream(body));
    assertEquals(parsedOnly.request(), streamed.request());
    assertEquals(parsedOnly.treeBytes(), streamed.treeBytes());
    Decision fromStream = admission.decide(streamed.request());
    String text = new String(body, StandardCharsets.UTF_8);
    assertEquals(whole.findings(), fromStream.findings(), text);
    assertEquals(whole.findingCount(), fromStream.findingCount(), text);
    assertEquals(whole.notes(), fromStream.notes(), text);
    assertEquals(AdmissionResponses.of(whole), AdmissionResponses.of(fromStream), text);
    assertTrue(streamed.treeBytes() > 0, text);
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void everyRecordedReviewGetsTheSameAnswer(Path file) throws Exception {
    byte[] body = body(file);
    for (AdmissionMode mode : AdmissionMode.values()) {
      assertSameAnswer(new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), mode, CLOCK), body);
    }
  }

  /** The real objects of corpus/objects, as the reviews of a CREATE, a status UPDATE and an UPDATE of each. */
  static Stream<Path> objects() throws Exception {
    Path root = Path.of(StreamingDecodeTest.class.getResource("/corpus/objects").toURI());
    return java.nio.file.Files.walk(root).filter(p -> p.toString().endsWith(".yaml")).sorted();
  }

  private static List<JsonNode> documents(Path file) throws Exception {
    String text = java.nio.file.Files.readString(file, StandardCharsets.UTF_8);
    return new dev.condlint.yaml.YamlReader().read(file.getFileName().toString(), text).documents().stream()
        .map(d -> d.root()).filter(JsonNode::isObject).toList();
  }

  /** The corpus's CRDs: with them the rules know some of the objects' kinds, and read those whole. */
  private static Engine withCrds() throws Exception {
    Path root = Path.of(StreamingDecodeTest.class.getResource("/corpus/crds").toURI());
    List<JsonNode> crds = new java.util.ArrayList<>();
    for (Path file : java.nio.file.Files.walk(root).filter(p -> p.toString().endsWith(".yaml")).toList()) {
      crds.addAll(documents(file));
    }
    return new Engine(Ruleset.builtIn(), Config.DEFAULT).withCrds(dev.condlint.rules.schema.CrdCatalog.of(crds));
  }

  /** The reviews of one object: CREATE, and UPDATEs of the status and the object from an older one. */
  static List<byte[]> reviewsOf(JsonNode object) throws Exception {
    String apiVersion = object.path("apiVersion").asText();
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    String kind = object.path("kind").asText();
    JsonNode old = object.deepCopy();
    for (JsonNode condition : old.path("status").path("conditions")) {
      if (condition.isObject()) {
        ((ObjectNode) condition).put("status", condition.path("status").asText().equals("True") ? "False" : "True")
            .put("observedGeneration", 99);
      }
    }
    List<byte[]> out = new java.util.ArrayList<>();
    for (ObjectNode review : List.of(Reviews.review("CREATE", group, kind, "", object, null),
        Reviews.review("UPDATE", group, kind, "status", object, old),
        Reviews.review("UPDATE", group, kind, "", object, old))) {
      out.add(Reviews.JSON.writeValueAsBytes(review));
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("objects")
  void everyRealObjectGetsTheSameAnswerWithAndWithoutItsCrd(Path file) throws Exception {
    List<Engine> engines = List.of(new Engine(Ruleset.builtIn(), Config.DEFAULT), withCrds());
    for (JsonNode object : documents(file)) {
      for (byte[] body : reviewsOf(object)) {
        for (Engine engine : engines) {
          assertSameAnswer(new Admission(engine, AdmissionMode.ENFORCE, CLOCK), body);
        }
      }
    }
  }

  private static JsonNode decodedObject(Admission admission, JsonNode review) throws Exception {
    byte[] body = Reviews.JSON.writeValueAsBytes(review);
    assertSameAnswer(admission, body);
    return admission.decoder().decode(() -> new ByteArrayInputStream(body)).request().object().orElseThrow();
  }

  @Test
  void onlyWhatTheRulesReadIsBuilt() throws Exception {
    String object = """
        {"apiVersion": "apps/v1", "kind": "Deployment",
         "metadata": {"name": "web", "namespace": "default", "generation": 2,
           "managedFields": [{"manager": "kubectl", "operation": "Apply", "time": "2024-05-01T08:00:00Z",
             "fieldsType": "FieldsV1", "fieldsV1": {"f:spec": {"f:replicas": {}}}}, "not an entry"]},
         "spec": {"replicas": 2, "progressDeadlineSeconds": 600,
           "template": {"spec": {"containers": [{"name": "web", "image": "nginx"}]}}},
         "data": {"big": "x"},
         "status": {"observedGeneration": 2, "replicas": 2, "conditions": [
           {"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable",
            "lastTransitionTime": "2024-05-01T08:00:00Z"}]}}
        """;
    JsonNode decoded = decodedObject(new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK),
        Reviews.review("CREATE", "apps", "Deployment", "", Reviews.json(object), null));
    assertEquals(Reviews.json("""
        {"apiVersion": "apps/v1", "kind": "Deployment",
         "metadata": {"name": "web", "namespace": "default", "generation": 2,
           "managedFields": [{"time": "2024-05-01T08:00:00Z"}, "not an entry"]},
         "spec": {"replicas": 2, "progressDeadlineSeconds": 600},
         "status": {"observedGeneration": 2, "replicas": 2, "conditions": [
           {"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable",
            "lastTransitionTime": "2024-05-01T08:00:00Z"}]}}
        """), decoded);
  }

  @Test
  void aCrdAndAnObjectWhoseCrdTheRulesKnowAreReadWhole() throws Exception {
    Admission admission = new Admission(withCrds(), AdmissionMode.ENFORCE, CLOCK);
    JsonNode receiver = Reviews.json("""
        {"apiVersion": "notification.toolkit.fluxcd.io/v1", "kind": "Receiver",
         "metadata": {"name": "r", "namespace": "flux-system"},
         "spec": {"type": "github", "resources": [{"kind": "GitRepository", "name": "app"}],
           "secretRef": {"name": "token"}, "unknown": true},
         "status": {"conditions": [{"type": "Ready", "status": "True", "reason": "Succeeded",
           "message": "ok", "lastTransitionTime": "2024-05-01T08:00:00Z"}]}}
        """);
    assertEquals(receiver, decodedObject(admission,
        Reviews.review("UPDATE", "notification.toolkit.fluxcd.io", "Receiver", "status", receiver, receiver)));
    JsonNode crd = Reviews.crd(true);
    assertEquals(crd, decodedObject(admission,
        Reviews.review("CREATE", "apiextensions.k8s.io", "CustomResourceDefinition", "", crd, null)));
  }

  @Test
  void anObjectThatNamesItsKindTwiceDifferentlyIsReadAgainWhole() throws Exception {
    // Judged a Widget when its spec came, a CRD in the end: the last key wins, as in a whole decode.
    String review = """
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": {"uid": "u1",
         "kind": {"group": "apiextensions.k8s.io", "version": "v1", "kind": "CustomResourceDefinition"},
         "operation": "CREATE", "name": "widgets.example.com",
         "object": {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "widgets.example.com"},
           "spec": {"group": "example.com", "names": {"kind": "Widget", "plural": "widgets"}, "scope": "Namespaced",
             "versions": [{"name": "v1", "served": true, "storage": true,
               "schema": {"openAPIV3Schema": {"type": "object", "properties": {"status": {"type": "object",
                 "properties": {"conditions": {"type": "array", "items": {"type": "object"}}}}}}}}]},
           "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition"}}}
        """;
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    JsonNode decoded = decodedObject(admission, Reviews.json(review));
    assertEquals(Reviews.json(review).path("request").path("object"), decoded);
    assertTrue(admission.decide(AdmissionRequest.parse(Reviews.json(review))).findingCount() > 0);
  }

  private static final String CONDITIONS = """
      "conditions": [
        {"type": "Ready", "status": "True", "reason": "Succeeded", "message": "ok", "observedGeneration": 3,
         "lastTransitionTime": "2024-05-01T08:00:00Z"},
        {"type": "Stalled", "status": "False", "reason": "Fine", "message": "", "observedGeneration": 3,
         "lastTransitionTime": "2024-05-01T08:00:00Z"}]""";

  /** A status update of a Kustomization from this old status to this new one, as the API server sends it. */
  private static byte[] statusUpdate(String newStatus, String oldStatus) {
    String object = """
        {"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
         "metadata": {"name": "app", "namespace": "flux-system", "generation": 3}, "spec": {"interval": "5m"}%s}""";
    return ("""
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": {"uid": "u1",
         "kind": {"group": "kustomize.toolkit.fluxcd.io", "version": "v1", "kind": "Kustomization"},
         "operation": "UPDATE", "subResource": "status", "namespace": "flux-system", "name": "app",
         "object": %s, "oldObject": %s}}
        """.formatted(object.formatted(newStatus == null ? "" : ", \"status\": " + newStatus),
            object.formatted(oldStatus == null ? "" : ", \"status\": " + oldStatus)))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** What a decode gave: its request and tree bytes, or its exception's class and message. */
  private static String outcome(java.util.concurrent.Callable<ReviewDecoder.Decoded> decode) {
    try {
      ReviewDecoder.Decoded d = decode.call();
      return "decoded " + d.request() + " " + d.treeBytes();
    } catch (Exception e) {
      return "failed " + e.getClass().getName() + ": " + e.getMessage();
    }
  }

  private static AdmissionRequest decoded(Admission admission, byte[] body) throws Exception {
    assertSameAnswer(admission, body);
    return admission.decoder().decode(ReviewDecoder.Source.of(body)).request();
  }

  @Test
  void aStatusWrittenBackUnchangedIsTheNewStatusItselfAndCountedOnce() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String status = "{\"observedGeneration\": 3, " + CONDITIONS + ", \"note\": null, \"ok\": [true, 1.5, -0.0, {}]}";
    AdmissionRequest request = decoded(admission, statusUpdate(status, status));

    JsonNode newStatus = request.object().orElseThrow().path("status");
    assertEquals(Reviews.json(status), newStatus);
    org.junit.jupiter.api.Assertions.assertSame(newStatus, request.oldObject().orElseThrow().path("status"));
    byte[] same = statusUpdate(status, status);
    byte[] withoutOld = statusUpdate(status, null);
    assertEquals(admission.decoder().decode(ReviewDecoder.Source.of(withoutOld)).treeBytes(),
        admission.decoder().decode(ReviewDecoder.Source.of(same)).treeBytes());
    // Compared as parsed rather than byte for byte: the same.
    assertEquals(admission.decoder().decode(ReviewDecoder.Source.of(same)).treeBytes(),
        admission.decoder().decode(() -> new ByteArrayInputStream(same)).treeBytes());
    AdmissionRequest parsedOnly = admission.decoder().decode(() -> new ByteArrayInputStream(same)).request();
    org.junit.jupiter.api.Assertions.assertSame(parsedOnly.object().orElseThrow().path("status"),
        parsedOnly.oldObject().orElseThrow().path("status"));
  }

  /**
   * A second status that is the first byte for byte is passed over (a new parser reads on after it): what
   * follows it in its object, its request and the review is read as a single parser reads it, and a body
   * that turns out not to be JSON after it fails with the single parser's error, location included.
   */
  @Test
  void whatFollowsAStatusPassedOverIsReadAsASingleParserReadsIt() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String status = "{\"observedGeneration\": 3, " + CONDITIONS + "}";
    String object = """
        {"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "status": %s,
         "metadata": {"name": "app", "namespace": "flux-system", "generation": %d}, "spec": {"suspend": true}}""";
    String text = """
        {"apiVersion": "admission.k8s.io/v1", "request": {"uid": "u1",
         "kind": {"group": "kustomize.toolkit.fluxcd.io", "version": "v1", "kind": "Kustomization"},
         "operation": "UPDATE", "subResource": "status", "namespace": "flux-system", "name": "app",
         "object": %s, "oldObject": %s, "dryRun": true, "options": {"a": [1, {"b": 2}]}},
         "kind": "AdmissionReview", "extra": [{}]}
        """.formatted(object.formatted(status, 4), object.formatted(status, 3));
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    AdmissionRequest request = decoded(admission, body);
    org.junit.jupiter.api.Assertions.assertSame(request.object().orElseThrow().path("status"),
        request.oldObject().orElseThrow().path("status"));
    assertEquals(3, request.oldObject().orElseThrow().path("metadata").path("generation").asInt());
    assertTrue(request.oldObject().orElseThrow().path("spec").path("suspend").asBoolean());
    assertTrue(request.dryRun());

    // Cut short, or broken, anywhere after the second status begins: the error a single parser gives.
    int second = text.lastIndexOf("\"status\": {") + "\"status\": ".length();
    List<String> broken = new java.util.ArrayList<>();
    for (int end = second + 1; end < text.length(); end += 7) {
      broken.add(text.substring(0, end));
      broken.add(text.substring(0, end) + "]" + text.substring(end));
    }
    int failed = 0;
    for (String b : broken) {
      byte[] bytes = b.getBytes(StandardCharsets.UTF_8);
      String single = outcome(() -> admission.decoder().decode(() -> new ByteArrayInputStream(bytes)));
      assertEquals(single, outcome(() -> admission.decoder().decode(ReviewDecoder.Source.of(bytes))), b);
      failed += single.startsWith("failed") ? 1 : 0;
    }
    // Most are not JSON (a truncation never is; a ']' inside a string still is).
    assertTrue(failed > broken.size() / 2, failed + " of " + broken.size());
  }

  /**
   * After a second status is passed over (a new parser reads on after it, counting its bytes from a short
   * prefix of a few bytes), a third status (a repeated key: the last wins) is compared with the first at its
   * place in the body, not at the new parser's count. The bodies are padded so that, for one of them, that
   * count alone points at the first status, whose bytes a comparison there finds equal; in each, the old
   * status is the third, as a whole decode makes it.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60) // before the fix, one of these bodies made the decode read on forever
  void aStatusAfterOnePassedOverIsComparedAtItsPlaceInTheBody() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String first = "{\"observedGeneration\": 3, " + CONDITIONS + "}";
    String third = first.replace("\"reason\": \"Succeeded\"", "\"reason\": \"failed badly\"");
    String template = new String(statusUpdate(first, first + ", \"status\": " + third), StandardCharsets.UTF_8);
    int firstFrom = template.indexOf(first);
    int secondEnd = template.indexOf(first, firstFrom + 1) + first.length();
    int thirdFrom = template.indexOf(third);
    // The new parser counts from secondEnd minus its prefix: padding p puts the third status at count
    // thirdFrom + p - secondEnd + prefix, which is firstFrom for one p with a prefix of 0 to 31 bytes.
    int least = firstFrom + secondEnd - thirdFrom - 31;
    for (int padding = Math.max(0, least); padding <= least + 31; padding++) {
      String text = template.substring(0, secondEnd + 1) + " ".repeat(padding) + template.substring(secondEnd + 1);
      AdmissionRequest request = decoded(admission, text.getBytes(StandardCharsets.UTF_8));
      assertEquals(Reviews.json(third), request.oldObject().orElseThrow().path("status"), "padding " + padding);
      assertEquals(Reviews.json(first), request.object().orElseThrow().path("status"), "padding " + padding);
    }
  }

  /** A body that counts the bytes the decoder reads of it: from the streams it opens, and compared in place. */
  private static final class CountingSource implements ReviewDecoder.Source {
    private final byte[] body;
    private final ReviewDecoder.Source source;
    long bytesRead;

    CountingSource(byte[] body) {
      this.body = body;
      this.source = ReviewDecoder.Source.of(body);
    }

    private java.io.InputStream counted(java.io.InputStream in) {
      return new java.io.FilterInputStream(in) {
        @Override
        public int read() throws java.io.IOException {
          int b = super.read();
          bytesRead += b < 0 ? 0 : 1;
          return b;
        }

        @Override
        public int read(byte[] into, int off, int len) throws java.io.IOException {
          int n = super.read(into, off, len);
          bytesRead += Math.max(0, n);
          return n;
        }
      };
    }

    @Override
    public java.io.InputStream open() {
      return counted(source.open());
    }

    @Override
    public java.io.InputStream openAt(long from) throws java.io.IOException {
      return counted(source.openAt(from));
    }

    @Override
    public boolean sameBytes(long from, long at, long length) {
      bytesRead += length;
      return source.sameBytes(from, at, length);
    }
  }

  /**
   * A status repeated thousands of times in one object (a repeated key, the last wins: the API server never
   * sends one, but port 8443 admits any pod) costs what reading it costs. Before, each repetition equal to
   * the first status was compared in place and passed over by a new parser, which read on from the body
   * (8 KB of it at least) and, in the webhook, walked the body's chunks from the start to find its place:
   * work that grew with the repetitions times the body (0.44 s of an event loop for a 60 KB body sent in
   * 64-byte chunks). Now only the first status after the first one is compared in place; a later one is
   * compared as it is parsed.
   */
  @Test
  void aStatusRepeatedThousandsOfTimesIsReadOnce() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String status = "{\"observedGeneration\": 3, " + CONDITIONS + "}";
    String changed = status.replace("\"reason\": \"Succeeded\"", "\"reason\": \"failed badly\"");
    String repeated = (status + ", \"status\": ").repeat(2_000) + changed;
    byte[] body = statusUpdate(status, repeated);
    AdmissionRequest request = decoded(admission, body);
    assertEquals(Reviews.json(changed), request.oldObject().orElseThrow().path("status"));
    CountingSource counting = new CountingSource(body);
    assertEquals(request, admission.decoder().decode(counting).request());
    // Read once, plus once more what was compared in place, and a parser's buffer beyond.
    assertTrue(counting.bytesRead <= 2L * body.length + 16_000, counting.bytesRead + " bytes read of " + body.length);
  }

  /**
   * An old status that differs from the new one, anywhere and in any way, is the tree a whole decode
   * makes of it (Jackson's node types and a repeated key's last value included), and the answer is a
   * whole decode's; the conditions before the first difference are the new status's own nodes.
   */
  @Test
  void aStatusThatDiffersIsDecodedAsAWholeDecodeDecodesIt() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String newStatus = "{\"observedGeneration\": 3, " + CONDITIONS + ", \"count\": 1, \"flag\": true, \"items\": [1, \"a\"]}";
    List<String> oldStatuses = List.of(
        newStatus.replace("\"Fine\"", "\"Progressing\""),
        newStatus.replace("\"Fine\"", "\"Fina\""),
        newStatus.replace("\"Fine\"", "\"F\u00efne\""),
        newStatus.replace("\"ok\"", "\"\""),
        newStatus.replace("\"observedGeneration\": 3, \"conditions\"", "\"observedGeneration\": 2, \"conditions\""),
        newStatus.replace("\"count\": 1", "\"count\": 1.0"),
        newStatus.replace("\"count\": 1", "\"count\": 10000000000"),
        newStatus.replace("\"count\": 1", "\"count\": \"1\""),
        newStatus.replace("\"count\": 1", "\"count\": null"),
        newStatus.replace("\"count\": 1", "\"count\": {}"),
        newStatus.replace("\"count\": 1", "\"count\": [1]"),
        newStatus.replace("\"flag\": true", "\"flag\": false"),
        newStatus.replace("\"items\": [1, \"a\"]", "\"items\": [1]"),
        newStatus.replace("\"items\": [1, \"a\"]", "\"items\": [1, \"a\", 2]"),
        newStatus.replace("\"items\": [1, \"a\"]", "\"items\": []"),
        newStatus.replace("\"items\": [1, \"a\"]", "\"items\": {\"0\": 1}"),
        newStatus.replace(", \"items\": [1, \"a\"]", ""),
        newStatus.substring(0, newStatus.length() - 1) + ", \"more\": 1}",
        newStatus.replace("\"count\": 1, \"flag\": true", "\"flag\": true, \"count\": 1"),
        newStatus.replace("\"count\": 1, \"flag\": true", "\"count\": 1, \"flag\": true, \"count\": 2"),
        newStatus.replace("\"count\": 1, \"flag\": true", "\"count\": 1, \"flag\": true, \"count\": 1"),
        newStatus.replace("\"reason\": \"Fine\",", "\"reason\": \"Fine\", \"reason\": \"Other\","),
        "{}",
        "[]",
        "\"status\"",
        "null");
    for (String oldStatus : oldStatuses) {
      AdmissionRequest request = decoded(admission, statusUpdate(newStatus, oldStatus));
      JsonNode decodedOld = request.oldObject().orElseThrow().path("status");
      assertEquals(Reviews.json(oldStatus), decodedOld, oldStatus);
      assertEquals(Reviews.json(newStatus), request.object().orElseThrow().path("status"), oldStatus);
    }

    // The second condition's reason differs: the first condition is shared, the second built anew.
    AdmissionRequest request = decoded(admission, statusUpdate(newStatus, oldStatuses.get(0)));
    JsonNode newConditions = request.object().orElseThrow().path("status").path("conditions");
    JsonNode oldConditions = request.oldObject().orElseThrow().path("status").path("conditions");
    org.junit.jupiter.api.Assertions.assertSame(newConditions.get(0), oldConditions.get(0));
    org.junit.jupiter.api.Assertions.assertNotSame(newConditions.get(1), oldConditions.get(1));
    assertEquals("Progressing", oldConditions.get(1).path("reason").asText());

    // The old object first: the new status is compared with the old one, the same way.
    String oldFirst = new String(statusUpdate(newStatus, oldStatuses.get(0)), StandardCharsets.UTF_8)
        .replace("\"object\": ", "\"first\": ").replace("\"oldObject\": ", "\"object\": ")
        .replace("\"first\": ", "\"oldObject\": ");
    AdmissionRequest swapped = decoded(admission, oldFirst.getBytes(StandardCharsets.UTF_8));
    assertEquals(Reviews.json(oldStatuses.get(0)), swapped.object().orElseThrow().path("status"));
    assertEquals(Reviews.json(newStatus), swapped.oldObject().orElseThrow().path("status"));
  }

  /**
   * A body is one JSON value: content after the review (another review, a stray bracket, text) makes it
   * not JSON, refused with where that content begins, however the review was read. Before, the decoder
   * stopped at the review's closing brace and decided it, whatever followed; whitespace may still follow.
   */
  @Test
  void contentAfterTheReviewMakesTheBodyNotJson() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String status = "{\"observedGeneration\": 3, " + CONDITIONS + "}";
    String review = new String(statusUpdate(status, status), StandardCharsets.UTF_8).strip();
    int lines = (int) review.lines().count();
    int lastColumn = review.lines().reduce((a, b) -> b).orElseThrow().length();
    for (String after : List.of("{}", " {\"request\": {}}", "]", "\t\"more\"", "\n5")) {
      byte[] bytes = (review + after).getBytes(StandardCharsets.UTF_8);
      for (ReviewDecoder.Source source : List.<ReviewDecoder.Source>of(ReviewDecoder.Source.of(bytes),
          () -> new ByteArrayInputStream(bytes))) {
        com.fasterxml.jackson.core.JsonProcessingException e = assertThrows(
            com.fasterxml.jackson.core.JsonProcessingException.class, () -> admission.decoder().decode(source), after);
        String where = e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
        int at = after.length() - after.stripLeading().length();
        String expected = after.startsWith("\n") ? (lines + 1) + ":1" : lines + ":" + (lastColumn + at + 1);
        assertEquals(expected, where, after);
        if (!after.equals("]")) {
          assertEquals("content after the end of the AdmissionReview: a body is one JSON value",
              e.getOriginalMessage(), after);
        }
      }
    }
    byte[] spaced = (review + " \r\n\t ").getBytes(StandardCharsets.UTF_8);
    assertEquals(decoded(admission, review.getBytes(StandardCharsets.UTF_8)),
        admission.decoder().decode(ReviewDecoder.Source.of(spaced)).request());
  }

  @Test
  void malformedReviewsAreRefusedInTheSameWords() {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    for (String body : List.of("", "  ", "[]", "\"review\"", "{}", "{\"request\": 3}",
        "{\"uid\": \"u\", \"operation\": \"CREATE\"}",
        "{\"apiVersion\": \"admission.k8s.io/v2\", \"kind\": \"AdmissionReview\", \"request\": {}}",
        "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"Review\", \"request\": {}}",
        "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {\"uid\": \"u\"}}",
        "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {\"operation\": \"CREATE\"}}",
        "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {\"operation\": \"UPDATE\","
            + " \"object\": [1]}}")) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      MalformedReviewException whole = assertThrows(MalformedReviewException.class,
          () -> AdmissionRequest.parse(Reviews.JSON.readTree(bytes)), body);
      MalformedReviewException streamed = assertThrows(MalformedReviewException.class,
          () -> admission.decoder().decode(() -> new ByteArrayInputStream(bytes)), body);
      assertEquals(whole.getMessage(), streamed.getMessage(), body);
    }
  }

  /** A decode's outcome, fields in order: its objects' statuses as JSON text, or its error in Jackson's words and place. */
  private static String statusOrError(java.util.concurrent.Callable<AdmissionRequest> decode) {
    try {
      AdmissionRequest request = decode.call();
      return "status " + Reviews.JSON.writeValueAsString(request.object().orElseThrow().path("status"))
          + " old " + Reviews.JSON.writeValueAsString(request.oldObject().orElseThrow().path("status"));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return "not JSON: " + e.getOriginalMessage() + " at " + e.getLocation().getLineNr() + ":"
          + e.getLocation().getColumnNr();
    } catch (MalformedReviewException e) {
      return "malformed: " + e.getMessage();
    } catch (Exception e) {
      return "failed: " + e;
    }
  }

  /**
   * The body decoded whole by Jackson, refused where content follows the review as the decoder refuses
   * it (Jackson's error where what follows is not a token, the decoder's words where it is one).
   */
  private static JsonNode whole(byte[] body) throws java.io.IOException {
    try (com.fasterxml.jackson.core.JsonParser parser = Reviews.JSON.createParser(body)) {
      JsonNode review = Reviews.JSON.readTree(parser);
      if (parser.nextToken() != null) {
        throw new com.fasterxml.jackson.core.JsonParseException(parser,
            "content after the end of the AdmissionReview: a body is one JSON value", parser.currentTokenLocation());
      }
      return review;
    }
  }

  /** The outcomes of a whole decode, then the streaming decode from an array and from a stream. */
  private static List<String> outcomes(Admission admission, byte[] body) {
    return List.of(statusOrError(() -> AdmissionRequest.parse(whole(body))),
        statusOrError(() -> admission.decoder().decode(ReviewDecoder.Source.of(body)).request()),
        statusOrError(() -> admission.decoder().decode(() -> new ByteArrayInputStream(body)).request()));
  }

  /**
   * A list's object items are read with the field names of the item before them expected in the same
   * order, compared as they lie in the body: whatever the items name (the same names, others, in another
   * order, fewer, more, escaped, repeated, beyond ASCII, a name that begins or extends the expected one,
   * more than 16 fields, items that keep changing their names, lists in lists), both statuses are the
   * trees, with their fields in order, that Jackson reads, and the answer is a whole decode's.
   */
  @Test
  void aListsItemsAreReadAsJacksonReadsThemWhateverTheyName() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    StringBuilder many = new StringBuilder("{");
    for (int i = 0; i < 20; i++) {
      many.append(i == 0 ? "" : ", ").append("\"f").append(i).append("\": ").append(i);
    }
    String twenty = many.append("}").toString();
    for (String list : List.of(
        "[" + READY + ", " + READY.replace("Ready", "Synced") + ", " + READY.replace("Ready", "Stalled") + "]",
        "[" + READY + ", {\"status\": \"True\", \"type\": \"Synced\"}, " + READY + "]",
        "[" + READY + ", {\"type\": \"Synced\"}, {}, " + READY + ", " + READY + "]",
        "[" + READY + ", " + READY.replace("}", ", \"extra\": [1, {\"a\": 1}, {\"a\": 2}]}") + ", " + READY + "]",
        "[" + READY + ", " + READY.replace("\"type\"", "\"typ\\u0065\"") + ", "
            + READY.replace("\"status\"", "\"st\\\"atus\"") + "]",
        "[" + READY + ", " + READY.replace("\"reason\": \"Done\",", "\"reason\": \"Done\", \"reason\": \"Again\",") + "]",
        "[" + READY + ", " + READY.replace("\"type\"", "\"typ\"") + ", " + READY.replace("\"type\"", "\"types\"")
            + ", " + READY.replace("\"type\"", "\"t\u00ffpe\"") + ", " + READY.replace("\"type\"", "\"\u2603\"") + "]",
        "[" + twenty + ", " + twenty + ", " + twenty.replace("f19", "g19") + ", " + twenty.replace("f3\"", "g3\"") + "]",
        "[{\"a\": 1}, {\"b\": 1}, {\"c\": 1}, {\"d\": 1}, {\"e\": 1}, {\"f\": 1}, {\"e\": 1}, {\"a\": 1}]",
        "[1, " + READY + ", \"x\", null, " + READY + ", [" + READY + ", " + READY + "], " + READY + "]",
        "[[{\"a\": {\"b\": [{\"c\": 1}, {\"c\": 2, \"d\": [{\"e\": 1}, {\"e\": 2}]}]}}, {\"a\": 1}]]")) {
      String status = "{\"observedGeneration\": 3, \"conditions\": " + list + "}";
      for (String old : List.of(status, status.replace("\"ok\"", "\"changed\""))) {
        byte[] body = statusUpdate(status, old);
        List<String> outcomes = outcomes(admission, body);
        assertTrue(outcomes.get(0).startsWith("status "), outcomes.get(0));
        assertEquals(outcomes.get(0), outcomes.get(1), list);
        assertEquals(outcomes.get(0), outcomes.get(2), list);
        // With a repeated key, a status written back unchanged and passed over in place is counted once,
        // and compared as it is parsed (a stream source) counted again, as it was before (erring high):
        // the trees and answers are the same, the counts not.
        if (!list.contains("Again")) {
          assertSameAnswer(admission, body);
        }
      }
    }
  }

  private static final String READY = "{\"type\": \"Ready\", \"status\": \"True\", \"observedGeneration\": 3,"
      + " \"lastTransitionTime\": \"2024-05-01T08:00:00Z\", \"reason\": \"Done\", \"message\": \"ok\"}";

  /**
   * A condition list broken at any of its bytes (cut short there, the byte dropped, or replaced by
   * another that JSON gives a meaning), in the new object's status (read with each item's names expected
   * from the item before) or in the old object's (compared with the new one's, its names expected from
   * it), is refused in Jackson's words at Jackson's place, or, where the change leaves JSON, read as
   * Jackson reads it: the names compared as they lie in the body cannot make a body that is not JSON
   * read, nor one that is read differently.
   */
  @Test
  void aListBrokenAtAnyByteIsRefusedOrReadAsJacksonReadsIt() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String stalled = READY.replace("Ready", "Stalled");
    String list = "[" + READY + ", " + READY.replace("Ready", "Synced") + ", " + stalled + "]";
    // The old list differs in its last item's message only: its first two items are compared in place.
    String oldList = list.replace(stalled, stalled.replace("\"ok\"", "\"changed\""));
    byte[] body = statusUpdate("{\"observedGeneration\": 3, \"conditions\": " + list + "}",
        "{\"observedGeneration\": 3, \"conditions\": " + oldList + "}");
    String text = new String(body, StandardCharsets.UTF_8);
    int refused = 0;
    int read = 0;
    for (int from : new int[] {text.indexOf(list), text.indexOf(oldList)}) {
      assertTrue(from > 0);
      for (int i = from; i < from + list.length(); i++) {
        List<byte[]> broken = new java.util.ArrayList<>();
        broken.add(java.util.Arrays.copyOf(body, i));
        byte[] dropped = new byte[body.length - 1];
        System.arraycopy(body, 0, dropped, 0, i);
        System.arraycopy(body, i + 1, dropped, i, body.length - i - 1);
        broken.add(dropped);
        for (char c : "\":,}]\\x0".toCharArray()) {
          byte[] replaced = body.clone();
          replaced[i] = (byte) c;
          broken.add(replaced);
        }
        for (byte[] b : broken) {
          List<String> outcomes = outcomes(admission, b);
          String where = i + ": " + new String(b, StandardCharsets.UTF_8);
          assertEquals(outcomes.get(0), outcomes.get(1), where);
          assertEquals(outcomes.get(0), outcomes.get(2), where);
          if (outcomes.get(0).startsWith("status ")) {
            read++;
          } else {
            refused++;
          }
        }
      }
    }
    assertTrue(refused > 2_000 && read > 1_000, refused + " refused, " + read + " read");
  }

  /** A Deployment's status update with these two specs, as the API server sends it. */
  private static byte[] deploymentUpdate(String newSpec, String oldSpec) {
    String object = """
        {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "ns", "generation": 4},
         "spec": %s, "status": {"observedGeneration": 4, "conditions": [{"type": "Available", "status": "True",
         "lastTransitionTime": "2024-05-01T08:00:00Z", "reason": "MinimumReplicasAvailable", "message": "ok"}]}}""";
    return ("""
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "request": {"uid": "u1",
         "kind": {"group": "apps", "version": "v1", "kind": "Deployment"}, "operation": "UPDATE",
         "subResource": "status", "namespace": "ns", "name": "web", "object": %s, "oldObject": %s}}
        """.formatted(object.formatted(newSpec), object.formatted(oldSpec))).getBytes(StandardCharsets.UTF_8);
  }

  /** A decode's specs, fields in order, or its error in Jackson's words and place. */
  private static String specsOrError(java.util.concurrent.Callable<AdmissionRequest> decode) {
    try {
      AdmissionRequest request = decode.call();
      return "spec " + Reviews.JSON.writeValueAsString(request.object().orElseThrow().path("spec"))
          + " old " + Reviews.JSON.writeValueAsString(request.oldObject().orElseThrow().path("spec"));
    } catch (Exception e) {
      return statusOrError(() -> {
        throw e;
      });
    }
  }

  /**
   * A spec sent twice unchanged (a status update's) is read once: the old object's is passed over in place
   * and the new one's kept part stands for it, counted once, from an array or a stream alike; a spec
   * that differs in what the rules read, or names it in another order, is its own, as Jackson reads it;
   * one that differs only in what is left out is the same kept part; and a body broken at any byte of
   * the old spec or after it is refused or read as Jackson reads it.
   */
  @Test
  void aSpecSentTwiceUnchangedIsReadOnceAndAnyOtherAsJacksonReadsIt() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String spec = bigSpec();
    byte[] same = deploymentUpdate(spec, spec);
    // Passed over: read on after it by a parser of its own, as after the second status (the same too).
    OpeningSource counted = new OpeningSource(same);
    admission.decoder().decode(counted);
    assertEquals(2, counted.readOn);
    OpeningSource small = new OpeningSource(deploymentUpdate("{\"replicas\": 3}", "{\"replicas\": 3}"));
    admission.decoder().decode(small);
    assertEquals(1, small.readOn, "a spec under ReviewDecoder.PASSED_OVER_SPEC is read");
    // A spec repeated a thousand times (a repeated key, the last wins) is compared in place once, as a
    // status is: each other repetition is read, not read on after by a parser of its own.
    String repeated = (spec + ", \"spec\": ").repeat(999) + spec;
    OpeningSource repeats = new OpeningSource(deploymentUpdate(spec, repeated));
    assertEquals(Reviews.json(spec).path("replicas"),
        admission.decoder().decode(repeats).request().oldObject().orElseThrow().path("spec").path("replicas"));
    assertEquals(2, repeats.readOn);
    AdmissionRequest request = decoded(admission, same);
    org.junit.jupiter.api.Assertions.assertSame(request.object().orElseThrow().path("spec"),
        request.oldObject().orElseThrow().path("spec"));
    assertEquals(Reviews.json("{\"replicas\": 3, \"progressDeadlineSeconds\": 600}"),
        request.oldObject().orElseThrow().path("spec"));
    AdmissionRequest streamed = admission.decoder().decode(() -> new ByteArrayInputStream(same)).request();
    org.junit.jupiter.api.Assertions.assertSame(streamed.object().orElseThrow().path("spec"),
        streamed.oldObject().orElseThrow().path("spec"));

    String leftOutOnly = spec.replace("c0:v1", "c0:v2");
    assertTrue(!leftOutOnly.equals(spec));
    AdmissionRequest template = decoded(admission, deploymentUpdate(spec, leftOutOnly));
    org.junit.jupiter.api.Assertions.assertSame(template.object().orElseThrow().path("spec"),
        template.oldObject().orElseThrow().path("spec"));

    for (String old : List.of(spec.replace("\"replicas\": 3", "\"replicas\": 2"),
        spec.replace("\"replicas\": 3, ", "").replace("600,", "600, \"replicas\": 3,"),
        spec.replace("\"replicas\": 3, ", ""), "{}", "{\"replicas\": 3, \"replicas\": 4}")) {
      byte[] body = deploymentUpdate(spec, old);
      String whole = specsOrError(() -> AdmissionRequest.parse(whole(body)));
      AdmissionRequest read = decoded(admission, body);
      org.junit.jupiter.api.Assertions.assertNotSame(read.object().orElseThrow().path("spec"),
          read.oldObject().orElseThrow().path("spec"), old);
      // What is kept of each spec, in its order, is what Jackson read of it.
      JsonNode wholeOld = Reviews.JSON.readTree(body).path("request").path("oldObject").path("spec");
      ObjectNode kept = Reviews.JSON.createObjectNode();
      wholeOld.fields().forEachRemaining(f -> {
        if (ReviewDecoder.SPEC_FIELDS.contains(f.getKey())) {
          kept.set(f.getKey(), f.getValue());
        }
      });
      assertEquals(Reviews.JSON.writeValueAsString(kept),
          Reviews.JSON.writeValueAsString(read.oldObject().orElseThrow().path("spec")), old);
      assertTrue(whole.startsWith("spec "), whole);
    }

    String text = new String(same, StandardCharsets.UTF_8);
    int from = text.lastIndexOf(spec);
    int refused = 0;
    // The old spec's beginning and end, and what follows it: after an old spec passed over, a break is
    // found where it is.
    for (int i = from; i < same.length; i = i == from + 400 ? from + spec.length() - 100 : i + 1) {
      List<byte[]> broken = new java.util.ArrayList<>();
      broken.add(java.util.Arrays.copyOf(same, i));
      for (char c : "\":,}]x0".toCharArray()) {
        byte[] replaced = same.clone();
        replaced[i] = (byte) c;
        broken.add(replaced);
      }
      for (byte[] b : broken) {
        List<String> outcomes = outcomes(admission, b);
        String where = i + ": " + new String(b, StandardCharsets.UTF_8);
        assertEquals(outcomes.get(0), outcomes.get(1), where);
        assertEquals(outcomes.get(0), outcomes.get(2), where);
        refused += outcomes.get(0).startsWith("status ") ? 0 : 1;
      }
    }
    assertTrue(refused > 1_000, refused + " refused");
  }

  /**
   * After a part passed over in place (a second status, a second spec), the body is tokenised as one
   * parser tokenises it: what directly follows the part, even where a number's or a word's characters
   * (a digit, a decimal point, an exponent) could run on from a value before it, is refused in
   * Jackson's words at Jackson's place. Before, the parser read on behind a {@code 0} standing for the
   * part, so that a digit after it made a leading-zero error at the prefix's place, and {@code .5} made
   * the body read as JSON.
   */
  @Test
  void whatFollowsAPartPassedOverIsTokenisedAsOneParserTokenisesIt() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    String status = "{\"observedGeneration\": 3, " + CONDITIONS + "}";
    String spec = bigSpec();
    String statusText = new String(statusUpdate(status, status), StandardCharsets.UTF_8);
    String specText = new String(deploymentUpdate(spec, spec), StandardCharsets.UTF_8);
    for (String after : List.of("0", "5", ".5", "e1", "E+2", "-1", "1.0", "x", "\"s\"", "{}", "[]", "null", ":", ",")) {
      for (String[] part : List.of(new String[] {statusText, status}, new String[] {specText, spec})) {
        int end = part[0].lastIndexOf(part[1]) + part[1].length();
        byte[] body = (part[0].substring(0, end) + after + part[0].substring(end)).getBytes(StandardCharsets.UTF_8);
        List<String> outcomes = outcomes(admission, body);
        assertTrue(outcomes.get(0).startsWith("not JSON: "), outcomes.get(0));
        assertEquals(outcomes.get(0), outcomes.get(1), after + " after " + part[1]);
        assertEquals(outcomes.get(0), outcomes.get(2), after + " after " + part[1]);
      }
    }
  }

  /** A Deployment's spec of at least {@link ReviewDecoder#PASSED_OVER_SPEC} bytes: a pod template of ten containers. */
  private static String bigSpec() {
    StringBuilder containers = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      containers.append(i == 0 ? "" : ", ").append("""
          {"name": "c%d", "image": "registry.example.com/team/c%d:v1", "args": ["--port=8080", "--log-level=info"],
           "resources": {"limits": {"cpu": "500m", "memory": "256Mi"}}, "ports": [{"containerPort": 8080}]}""".formatted(i, i));
    }
    String spec = """
        {"replicas": 3, "selector": {"matchLabels": {"app": "web"}}, "progressDeadlineSeconds": 600,
         "template": {"spec": {"containers": [%s]}}, "strategy": {"type": "RollingUpdate"}}""".formatted(containers);
    assertTrue(spec.length() >= ReviewDecoder.PASSED_OVER_SPEC, spec.length() + " bytes");
    return spec;
  }

  /** A body in one array that counts how often it is read on from a place after its start. */
  private static final class OpeningSource implements ReviewDecoder.Source {
    private final ReviewDecoder.Source source;
    int readOn;

    OpeningSource(byte[] body) {
      this.source = ReviewDecoder.Source.of(body);
    }

    @Override
    public java.io.InputStream open() {
      return source.open();
    }

    @Override
    public java.io.InputStream openAt(long from) throws java.io.IOException {
      readOn++;
      return source.openAt(from);
    }

    @Override
    public boolean sameBytes(long from, long at, long length) {
      return source.sameBytes(from, at, length);
    }
  }
}
