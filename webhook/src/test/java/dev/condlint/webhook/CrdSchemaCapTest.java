package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.AdmissionRequest;
import dev.condlint.admission.AdmissionResponses;
import dev.condlint.admission.Reviews;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A CustomResourceDefinition is checked only up to {@link CrdSchemaCap#MAX_PROPERTIES} properties: the CRD
 * rules' work grows with the schema, and an 80,000-property CRD took up to 3 s of a loaded node, past the
 * deadline (503, the failurePolicy decided). One over the cap is allowed at once with a warning that says
 * so; one under it is checked as before. Against the real server with condlint's own rules, in enforce mode.
 */
class CrdSchemaCapTest {
  private static TestWebhooks.Running server;

  @BeforeAll
  static void start() {
    server = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE));
  }

  @AfterAll
  static void stop() {
    TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
  }

  /**
   * A CREATE of a CRD whose status schema has {@code fields} string properties besides its conditions:
   * {@code fields} + 8 properties in all (spec and status, the conditions, and their items' five).
   */
  static String review(int fields) {
    StringBuilder props = new StringBuilder();
    for (int i = 0; i < fields; i++) {
      props.append("\"f").append(i).append("\":{\"type\":\"string\"},");
    }
    String conditions = "\"conditions\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"required\":[\"type\",\"status\"],"
        + "\"properties\":{\"type\":{\"type\":\"string\"},\"status\":{\"type\":\"string\"},\"reason\":{\"type\":\"string\"},"
        + "\"message\":{\"type\":\"string\"},\"lastTransitionTime\":{\"type\":\"string\",\"format\":\"date-time\"}}}}";
    return "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":\"u\",\"kind\":{\"group\":"
        + "\"apiextensions.k8s.io\",\"version\":\"v1\",\"kind\":\"CustomResourceDefinition\"},\"operation\":\"CREATE\","
        + "\"name\":\"widgets.example.com\",\"object\":{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":"
        + "\"CustomResourceDefinition\",\"metadata\":{\"name\":\"widgets.example.com\"},\"spec\":{\"group\":\"example.com\","
        + "\"names\":{\"kind\":\"Widget\",\"plural\":\"widgets\",\"singular\":\"widget\",\"listKind\":\"WidgetList\"},"
        + "\"scope\":\"Namespaced\",\"versions\":[{\"name\":\"v1\",\"served\":true,\"storage\":true,\"subresources\":"
        + "{\"status\":{}},\"schema\":{\"openAPIV3Schema\":{\"type\":\"object\",\"properties\":{\"spec\":{\"type\":\"object\"},"
        + "\"status\":{\"type\":\"object\",\"properties\":{" + props + conditions + "}}}}}}]}}}}";
  }

  private static HostileClientsTest.Answer post(String review) throws Exception {
    byte[] body = review.getBytes(StandardCharsets.UTF_8);
    try (HostileClientsTest.RawConnection c = new HostileClientsTest.RawConnection(server.port())) {
      return c.send(("POST /validate HTTP/1.1\r\nHost: w\r\nContent-Type: application/json\r\nContent-Length: " + body.length
          + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1)).send(body).read();
    }
  }

  @Test
  void aCrdOverTheCapIsAllowedWithAWarning() throws Exception {
    assertEquals(new HostileClientsTest.Answer(200, "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
        + "\"response\":{\"uid\":\"u\",\"allowed\":true,\"warnings\":[\"condlint did not check this CustomResourceDefinition:"
        + " its schemas declare 30001 properties, more than the 30000 the webhook checks within its deadline; `condlint lint`"
        + " checks the file whole\"]}}"), post(review(CrdSchemaCap.MAX_PROPERTIES + 1 - 8)));
  }

  /** Under the cap, the CRD rules run as before: the same answer as the admission module gives in-process. */
  @Test
  void aCrdUnderTheCapIsChecked() throws Exception {
    String review = review(1_000);
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.ENFORCE, Clock.systemUTC());
    String expected = AdmissionResponses.of(admission.decide(AdmissionRequest.parse(Reviews.json(review)))).toString();
    HostileClientsTest.Answer answer = post(review);
    assertEquals(new HostileClientsTest.Answer(200, expected), answer);
    // The CRD rules ran: their warnings (no error: allowed in enforce mode too).
    assertEquals(true, expected.contains("\"warning crd-conditions-list-map at spec.versions[0].schema.openAPIV3Schema"
        + ".properties.status.properties.conditions: In version v1, status.conditions has no x-kubernetes-list-type"), expected);
  }

  /**
   * At the cap's edge, 30,000 properties, one of them NAMED {@code properties} with a schema of three
   * keywords, and a {@code default} value with a {@code properties} key: 30,000, checked. The walk of the
   * whole tree counted 30,005 (the named property's keywords as properties of their own, and the default's
   * two keys), and the CRD went unchecked.
   */
  @Test
  void aPropertyNamedPropertiesIsOneProperty() throws Exception {
    String named = "\"properties\":{\"type\":\"object\",\"description\":\"d\",\"x-kubernetes-preserve-unknown-fields\":true},"
        + "\"withDefault\":{\"type\":\"object\",\"default\":{\"properties\":{\"a\":1,\"b\":2}}},";
    String review = review(CrdSchemaCap.MAX_PROPERTIES - 8 - 2).replace("\"properties\":{\"f0\":", "\"properties\":{" + named + "\"f0\":");
    AdmissionRequest request = AdmissionRequest.parse(Reviews.json(review));
    assertEquals(CrdSchemaCap.MAX_PROPERTIES, CrdSchemaCap.properties(request.object().orElseThrow().path("spec")));
    assertEquals(Optional.empty(), CrdSchemaCap.over(request, CrdSchemaCap.MAX_PROPERTIES));
    assertEquals(Optional.of("condlint did not check this CustomResourceDefinition: its schemas declare 30000 properties, more"
        + " than the 29999 the webhook checks within its deadline; `condlint lint` checks the file whole"),
        CrdSchemaCap.over(request, CrdSchemaCap.MAX_PROPERTIES - 1));
  }

  /**
   * Schemas are found wherever a schema may hold one (patternProperties, additionalProperties, items as a
   * list, oneOf, not, definitions, dependencies) and nowhere else: an {@code example} or {@code enum} value
   * shaped like a schema counts for nothing.
   */
  @Test
  void propertiesAreCountedInEverySchemaKeywordAndNowhereElse() throws Exception {
    String schema = "{\"properties\":{\"p\":{\"patternProperties\":{\"^a\":{\"properties\":{\"q\":{}}}},"
        + "\"additionalProperties\":{\"properties\":{\"r\":{}}}},"
        + "\"t\":{\"items\":[{\"properties\":{\"u\":{}}},{\"oneOf\":[{\"properties\":{\"v\":{}}}]}]},"
        + "\"w\":{\"not\":{\"properties\":{\"x\":{}}},\"example\":{\"properties\":{\"no1\":{},\"no2\":{}}},"
        + "\"enum\":[{\"properties\":{\"no3\":{}}}]}},"
        + "\"definitions\":{\"d\":{\"properties\":{\"y\":{}}}},"
        + "\"dependencies\":{\"p\":[\"t\"],\"t\":{\"properties\":{\"z\":{}}}},"
        + "\"additionalProperties\":false}";
    JsonNode spec = Reviews.json("{\"versions\":[{\"name\":\"v1\",\"schema\":{\"openAPIV3Schema\":" + schema + "}}]}");
    // p, t, w; q, r, u, v, x, y, z.
    assertEquals(10, CrdSchemaCap.properties(spec));
  }

  @Test
  void propertiesAreCountedInEveryVersionAndNesting() throws Exception {
    AdmissionRequest request = AdmissionRequest.parse(Reviews.json(review(10).replace("\"versions\":[{\"name\":\"v1\",",
        "\"validation\":{\"openAPIV3Schema\":{\"properties\":{\"a\":{\"items\":{\"properties\":{\"b\":{},\"c\":{}}}},"
            + "\"d\":{\"anyOf\":[{\"properties\":{\"e\":{}}}]}}}},\"versions\":[{\"name\":\"v0\",\"schema\":{\"openAPIV3Schema\":"
            + "{\"properties\":{\"x\":{}}}}},{\"name\":\"v1\",")));
    // 18 in v1, 1 in v0, 5 in validation (a, d; b, c; e).
    assertEquals(24, CrdSchemaCap.properties(request.object().orElseThrow().path("spec")));
    assertEquals(Optional.empty(), CrdSchemaCap.over(request, 24));
    assertEquals(Optional.of("condlint did not check this CustomResourceDefinition: its schemas declare 24 properties, more"
        + " than the 23 the webhook checks within its deadline; `condlint lint` checks the file whole"), CrdSchemaCap.over(request, 23));
    AdmissionRequest delete = AdmissionRequest.parse(Reviews.json(review(10).replace("\"CREATE\"", "\"DELETE\"")));
    assertEquals(Optional.empty(), CrdSchemaCap.over(delete, 1));
  }
}
