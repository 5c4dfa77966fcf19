package dev.condlint.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.ConfigLoader;
import dev.condlint.rules.engine.Engine;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * In enforce mode, an error that rests on a contract inferred from the object alone warns instead of
 * denying: the webhook must not block a controller's status write on a guess about its condition type.
 */
class InferredContractTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);

  /**
   * Ready True beside Degraded True: Degraded's polarity is known by its name alone, unless declared; a
   * name is no contract that Ready sums Degraded up, so only a declared summary and polarity make it a
   * contradiction.
   */
  private static final JsonNode REVIEW = Reviews.json("""
      {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
       "request": {"uid": "u1", "operation": "CREATE",
         "kind": {"group": "example.com", "version": "v1", "kind": "Widget"},
         "resource": {"group": "example.com", "version": "v1", "resource": "widgets"},
         "name": "w1", "namespace": "default", "userInfo": {"username": "system:serviceaccount:x:y"},
         "object": {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w1", "namespace": "default"},
           "status": {"conditions": [
             {"type": "Ready", "status": "True", "reason": "Serving", "message": "",
              "lastTransitionTime": "2024-05-01T08:00:00Z"},
             {"type": "Degraded", "status": "True", "reason": "ReplicaLost", "message": "1 of 3 replicas lost",
              "lastTransitionTime": "2024-05-01T08:00:00Z"}]}}}}
      """);

  private static Admission enforcing(String config) {
    Ruleset ruleset = Ruleset.builtIn();
    return new Admission(new Engine(ruleset, ConfigLoader.load(Reviews.json(config), ruleset).config()),
        AdmissionMode.ENFORCE, CLOCK);
  }

  @Test
  void anErrorOnAnInferredPolarityOnlyWarns() throws Exception {
    Decision d = enforcing("{\"rules\": {\"condition-message-when-abnormal\": \"error\"}}")
        .review(Reviews.json(REVIEW.toString().replace("1 of 3 replicas lost", ""))).decision();
    assertEquals(List.of("condition-message-when-abnormal"), d.ruleIds());
    assertTrue(d.findings().get(0).restsOnInference());
    assertTrue(d.allowed());
    assertEquals(Decision.Outcome.WARN, d.outcome());
    assertEquals(List.of("error condition-message-when-abnormal at status.conditions[1].message: Condition"
        + " 'Degraded' is True (abnormal for this type; reason ReplicaLost) with an empty message; users read the"
        + " message in kubectl describe to learn what is wrong."), d.warnings());
  }

  @Test
  void aSummaryBesideATypeWhosePolarityOnlyItsNameGivesIsNoContradiction() throws Exception {
    Decision d = enforcing("{\"rules\": {\"summary-true-while-abnormal\": \"error\"}}").review(REVIEW).decision();
    assertEquals(List.of(), d.ruleIds());
    assertTrue(d.allowed());
  }

  @Test
  void theSameErrorOnADeclaredSummaryAndPolarityDenies() throws Exception {
    Decision d = enforcing("""
        {"rules": {"summary-true-while-abnormal": "error"},
         "contracts": [{"group": "example.com",
           "conditions": {"summary": ["Ready"], "types": {"Degraded": "abnormal-true"}}}]}
        """).review(REVIEW).decision();
    assertEquals(List.of("summary-true-while-abnormal"), d.ruleIds());
    assertEquals(false, d.findings().get(0).restsOnInference());
    assertEquals(Decision.Outcome.DENY, d.outcome());
  }
}
