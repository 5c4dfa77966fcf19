package dev.condlint.admission;

import static dev.condlint.admission.Reviews.crd;
import static dev.condlint.admission.Reviews.review;
import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdmissionTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);
  private static final String T1 = "2024-05-01T08:00:00Z";

  private static Admission admission(AdmissionMode mode) {
    return new Admission(TestRules.engine(), mode, CLOCK);
  }

  private static Admission.Reviewed reviewed(AdmissionMode mode, JsonNode review) throws MalformedReviewException {
    return admission(mode).review(review);
  }

  /** The review of a CREATE of a widget whose Ready has this status beside a condition of this type. */
  private static Admission.Reviewed reviewedCreate(AdmissionMode mode, String readyStatus, String otherType)
      throws MalformedReviewException {
    return reviewed(mode, widgetReview("CREATE", "", widget(readyStatus, otherType, T1), null));
  }

  private static List<String> findings(Decision d) {
    return d.findings().stream().map(f -> f.severity().label() + " " + f.ruleId() + " " + f.pointer()).toList();
  }

  @Test
  void statusUpdateRunsObjectAndTransitionRulesOnTheNewObject() throws Exception {
    Decision d = reviewed(AdmissionMode.WARN,
        widgetReview("UPDATE", "status", widget("False", "synced", T1), widget("True", "synced", T1))).decision();
    assertEquals(Evaluation.STATUS, d.evaluation());
    assertEquals(List.of(
        "error test-false-is-error /status/conditions/0/status",
        "warning test-status-flip-keeps-time /status/conditions/0/lastTransitionTime",
        "warning test-lowercase-type /status/conditions/1/type"), findings(d));
  }

  @Test
  void statusUpdateWithoutOldObjectRunsOnlyObjectRules() throws Exception {
    Decision d = reviewed(AdmissionMode.WARN,
        widgetReview("UPDATE", "status", widget("False", "Synced", T1), null)).decision();
    assertEquals(List.of("error test-false-is-error /status/conditions/0/status"), findings(d));
  }

  @ParameterizedTest
  @ValueSource(strings = {"CREATE", "UPDATE"})
  void mainResourceWritesRunOnlyObjectRules(String operation) throws Exception {
    JsonNode old = operation.equals("UPDATE") ? widget("True", "Synced", T1) : null;
    Decision d = reviewed(AdmissionMode.WARN,
        widgetReview(operation, "", widget("False", "Synced", T1), old)).decision();
    assertEquals(Evaluation.OBJECT, d.evaluation());
    assertEquals(List.of("error test-false-is-error /status/conditions/0/status"), findings(d));
  }

  @ParameterizedTest
  @ValueSource(strings = {"CREATE", "UPDATE"})
  void crdWritesRunOnlyCrdRules(String operation) throws Exception {
    JsonNode review = review(operation, "apiextensions.k8s.io", "CustomResourceDefinition", "", crd(false),
        operation.equals("UPDATE") ? crd(true) : null);
    Decision d = reviewed(AdmissionMode.WARN, review).decision();
    assertEquals(Evaluation.CRD, d.evaluation());
    // The CRD's own status conditions would fire the object rules; the CRD path ignores them.
    assertEquals(List.of("error test-crd-without-status /spec/versions/0/subresources/status"), findings(d));
  }

  @Test
  void crdWithStatusSubresourcePasses() throws Exception {
    JsonNode review = review("CREATE", "apiextensions.k8s.io", "CustomResourceDefinition", "", crd(true), null);
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE, review);
    assertEquals(List.of(), findings(r.decision()));
    assertEquals(Decision.Outcome.ALLOW, r.decision().outcome());
  }

  @Test
  void deleteIsAllowedUntouched() throws Exception {
    ObjectNode review = widgetReview("DELETE", "", null, widget("False", "synced", T1));
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE, review);
    assertEquals(Evaluation.SKIPPED, r.decision().evaluation());
    assertEquals(Reviews.json("""
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "response": {"uid": "705ab4f5-6393-11e8-b7cc-42010a800002", "allowed": true}}
        """), r.response());
  }

  @Test
  void connectIsAllowedUntouched() throws Exception {
    ObjectNode review = review("CONNECT", "", "PodExecOptions", "exec", Reviews.json("{\"kind\": \"PodExecOptions\"}"), null);
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE, review);
    assertEquals(Evaluation.SKIPPED, r.decision().evaluation());
    assertTrue(r.response().path("response").path("allowed").asBoolean());
    assertFalse(r.response().path("response").has("warnings"));
  }

  @Test
  void otherSubresourcesAreAllowedUntouched() throws Exception {
    Decision d = reviewed(AdmissionMode.ENFORCE,
        widgetReview("UPDATE", "scale", widget("False", "synced", T1), widget("True", "synced", T1))).decision();
    assertEquals(Evaluation.SKIPPED, d.evaluation());
    assertTrue(d.allowed());
  }

  @Test
  void unknownOperationIsAllowedWithAWarning() throws Exception {
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE, widgetReview("PATCH", "", widget("False", "synced", T1), null));
    assertTrue(r.decision().allowed());
    assertEquals(List.of("condlint does not know the operation 'PATCH' and allowed the request unchecked"),
        r.decision().warnings());
  }

  @Test
  void dryRunIsEvaluatedLikeAnyOther() throws Exception {
    ObjectNode review = widgetReview("CREATE", "", widget("False", "Synced", T1), null);
    ((ObjectNode) review.get("request")).put("dryRun", true);
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE, review);
    assertTrue(r.decision().request().dryRun());
    assertFalse(r.decision().allowed());
  }

  /** A widget whose conditions are all False (errors) with these types. */
  private static JsonNode widgetWithConditions(List<String> types) {
    ObjectNode object = (ObjectNode) widget("False", "Synced", T1);
    ArrayNode conditions = ((ObjectNode) object.get("status")).putArray("conditions");
    for (String type : types) {
      conditions.addObject().put("type", type).put("status", "False").put("reason", "Checked").put("message", "m")
          .put("lastTransitionTime", T1).put("observedGeneration", 3);
    }
    return object;
  }

  /** A CRD whose versions are an object, not a list: nothing to check, and no failure to report. */
  @Test
  void aCrdWithVersionsThatAreNoListIsCheckedWithoutFailing() throws Exception {
    ObjectNode crd = (ObjectNode) Reviews.crd(true);
    ObjectNode spec = (ObjectNode) crd.get("spec");
    spec.set("versions", spec.get("versions").get(0));
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE,
        review("CREATE", "apiextensions.k8s.io", "CustomResourceDefinition", "", crd, null));
    assertEquals(List.of(), r.decision().notes());
    assertEquals(List.of(), r.decision().warnings());
    assertTrue(r.decision().allowed());
  }

  @Test
  void aDenialCarriesAtMost50CausesAndCountsTheRest() throws Exception {
    List<String> types = java.util.stream.IntStream.range(0, 60).mapToObj(i -> "type" + i).toList();
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE, widgetReview("CREATE", "", widgetWithConditions(types), null));
    assertEquals(120, r.decision().findings().size());
    JsonNode causes = r.response().path("response").path("status").path("details").path("causes");
    assertEquals(51, causes.size());
    for (int i = 0; i < 50; i++) {
      assertEquals(Reviews.json("{\"reason\": \"FieldValueInvalid\","
          + " \"message\": \"error test-false-is-error: Condition is \\\"False\\\".\","
          + " \"field\": \"status.conditions[" + i + "].status\"}"), causes.get(i));
    }
    assertEquals(Reviews.json("{\"message\": \"70 more condlint findings were left out to keep the response small;"
        + " run `condlint review` on the request to see all\"}"), causes.get(50));
  }

  @Test
  void aCauseMessageIsCutAsAWarningIs() throws Exception {
    String type = "t".repeat(1000);
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE, widgetReview("CREATE", "", widgetWithConditions(List.of(type)), null));
    JsonNode causes = r.response().path("response").path("status").path("details").path("causes");
    assertEquals(("warning test-lowercase-type: Type \"" + type).substring(0, 255) + "…",
        causes.get(1).path("message").asText());
    assertEquals("status.conditions[0].type", causes.get(1).path("field").asText());
  }

  @Test
  void enforceDeniesAnErrorWith422AndOneCausePerFinding() throws Exception {
    Admission.Reviewed r = reviewed(AdmissionMode.ENFORCE,
        widgetReview("UPDATE", "status", widget("False", "synced", T1), widget("True", "synced", T1)));
    assertEquals(Decision.Outcome.DENY, r.decision().outcome());
    assertEquals(Reviews.json("""
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "response": {"uid": "705ab4f5-6393-11e8-b7cc-42010a800002", "allowed": false,
           "warnings": [
             "error test-false-is-error at status.conditions[0].status: Condition is \\"False\\".",
             "warning test-status-flip-keeps-time at status.conditions[0].lastTransitionTime: Status changed, time did not.",
             "warning test-lowercase-type at status.conditions[1].type: Type \\"synced\\" starts in lower case."],
           "status": {"metadata": {}, "status": "Failure",
             "message": "condlint denied Widget w1: 1 error: test-false-is-error at status.conditions[0].status",
             "reason": "Invalid",
             "details": {"name": "w1", "group": "example.com", "kind": "Widget", "causes": [
               {"reason": "FieldValueInvalid", "message": "error test-false-is-error: Condition is \\"False\\".",
                "field": "status.conditions[0].status"},
               {"reason": "FieldValueInvalid", "message": "warning test-status-flip-keeps-time: Status changed, time did not.",
                "field": "status.conditions[0].lastTransitionTime"},
               {"reason": "FieldValueInvalid", "message": "warning test-lowercase-type: Type \\"synced\\" starts in lower case.",
                "field": "status.conditions[1].type"}]},
             "code": 422}}}
        """), r.response());
  }

  @Test
  void enforceAllowsWarningsOnly() throws Exception {
    Admission.Reviewed r = reviewedCreate(AdmissionMode.ENFORCE, "True", "synced");
    assertEquals(Decision.Outcome.WARN, r.decision().outcome());
    assertTrue(r.response().path("response").path("allowed").asBoolean());
    assertFalse(r.response().path("response").has("status"));
    assertEquals(Reviews.json("""
        ["warning test-lowercase-type at status.conditions[1].type: Type \\"synced\\" starts in lower case."]
        """), r.response().path("response").path("warnings"));
  }

  @Test
  void warnNeverDeniesAndReturnsFindingsAsWarnings() throws Exception {
    Admission.Reviewed r = reviewedCreate(AdmissionMode.WARN, "False", "synced");
    assertEquals(Decision.Outcome.WARN, r.decision().outcome());
    assertTrue(r.response().path("response").path("allowed").asBoolean());
    assertEquals(Reviews.json("""
        ["error test-false-is-error at status.conditions[0].status: Condition is \\"False\\".",
         "warning test-lowercase-type at status.conditions[1].type: Type \\"synced\\" starts in lower case."]
        """), r.response().path("response").path("warnings"));
  }

  @Test
  void auditAllowsSilentlyButKeepsTheFindings() throws Exception {
    Admission.Reviewed r = reviewedCreate(AdmissionMode.AUDIT, "False", "synced");
    assertEquals(Decision.Outcome.ALLOW, r.decision().outcome());
    assertEquals(List.of("test-false-is-error", "test-lowercase-type"), r.decision().ruleIds());
    assertEquals(Reviews.json("""
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "response": {"uid": "705ab4f5-6393-11e8-b7cc-42010a800002", "allowed": true}}
        """), r.response());
  }

  @Test
  void v1beta1IsAnsweredInKind() throws Exception {
    ObjectNode review = widgetReview("CREATE", "", widget("True", "Synced", T1), null);
    review.put("apiVersion", AdmissionRequest.V1BETA1);
    ((ObjectNode) review.get("request")).put("uid", "b-1");
    JsonNode response = reviewed(AdmissionMode.WARN, review).response();
    assertEquals("admission.k8s.io/v1beta1", response.path("apiVersion").asText());
    assertEquals("AdmissionReview", response.path("kind").asText());
    assertEquals("b-1", response.path("response").path("uid").asText());
  }

  @RuleInfo(id = "test-throws", title = "t", severity = Severity.ERROR, scope = Scope.OBJECT,
      rationale = "r", source = "s")
  static final class Throws implements ObjectRule {
    @Override
    public void check(ObjectCheck check) {
      throw new IllegalStateException("boom");
    }
  }

  @Test
  void aFailingRuleFailsOpenWithAWarning() throws Exception {
    Admission admission = new Admission(
        new Engine(Ruleset.builtIn().withRules(List.of(new Throws())), Config.DEFAULT), AdmissionMode.ENFORCE, CLOCK);
    Decision d = admission.review(widgetReview("CREATE", "", widget("False", "Synced", T1), null)).decision();
    assertTrue(d.allowed());
    assertEquals(List.of("condlint could not check the request (java.lang.IllegalStateException: boom) and allowed it"),
        d.warnings());
  }

  @Test
  void denialMessageListsAtMostTenErrors() throws Exception {
    StringBuilder conditions = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      conditions.append(i == 0 ? "" : ",").append("{\"type\": \"T").append(i).append("\", \"status\": \"False\"}");
    }
    JsonNode object = Reviews.json("{\"apiVersion\": \"example.com/v1\", \"kind\": \"Widget\","
        + " \"metadata\": {\"name\": \"w1\"}, \"status\": {\"conditions\": [" + conditions + "]}}");
    JsonNode status = reviewed(AdmissionMode.ENFORCE, widgetReview("CREATE", "", object, null))
        .response().path("response").path("status");
    assertTrue(status.path("message").asText().startsWith("condlint denied Widget w1: 12 errors: test-false-is-error at status.conditions[0].status; "));
    assertTrue(status.path("message").asText().endsWith("test-false-is-error at status.conditions[9].status; and 2 more"));
    assertEquals(12, status.path("details").path("causes").size());
  }

  @Test
  void findingsAreReportedMostSevereFirst() {
    Finding warning = finding(Severity.WARNING, "/status/conditions/0/type");
    Finding error = finding(Severity.ERROR, "/status/conditions/1/status");
    Finding info = finding(Severity.INFO, "/status");
    Decision d = new Decision(requestOf(), AdmissionMode.WARN, Evaluation.OBJECT, List.of(info, warning, error), List.of());
    assertEquals(List.of(error, warning, info), d.findings());
  }

  static Finding finding(Severity severity, String pointer) {
    return new Finding("r-" + severity.label(), severity, "m", "h", pointer,
        dev.condlint.model.ObjectRef.of(Reviews.json("{}")), java.util.Optional.empty());
  }

  static AdmissionRequest requestOf() {
    try {
      return AdmissionRequest.parse(widgetReview("CREATE", "", widget("True", "Synced", T1), null));
    } catch (MalformedReviewException e) {
      throw new AssertionError(e);
    }
  }
}
