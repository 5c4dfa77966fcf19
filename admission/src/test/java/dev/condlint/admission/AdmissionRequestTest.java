package dev.condlint.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdmissionRequestTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "[]| the body is not a JSON object; expected an AdmissionReview",
      "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\"}| the AdmissionReview has no 'request' object",
      "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": null}| the AdmissionReview has no 'request' object",
      "{\"uid\": \"u\", \"operation\": \"CREATE\", \"object\": {}}| the body is a bare AdmissionRequest; wrap it as {\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {...}}",
      "{\"apiVersion\": \"admission.k8s.io/v2\", \"kind\": \"AdmissionReview\", \"request\": {}}| unsupported apiVersion 'admission.k8s.io/v2'; expected admission.k8s.io/v1 or admission.k8s.io/v1beta1",
      "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"Review\", \"request\": {}}| unsupported kind 'Review'; expected AdmissionReview",
      "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {\"uid\": \"u\"}}| the AdmissionReview's request has no 'operation'",
      "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {\"operation\": \"UPDATE\"}}| the UPDATE request has no 'object' to check",
  })
  void rejectsWhatIsNotAnAnswerableReview(String body, String message) {
    MalformedReviewException e =
        assertThrows(MalformedReviewException.class, () -> AdmissionRequest.parse(Reviews.json(body)));
    assertEquals(message, e.getMessage());
  }

  @Test
  void readsTheRequestParts() throws Exception {
    AdmissionRequest r = AdmissionRequest.parse(Reviews.widgetReview(
        "UPDATE", "status", Reviews.widget("True", "Synced", "2024-05-01T08:00:00Z"),
        Reviews.widget("False", "Synced", "2024-05-01T08:00:00Z")));
    assertEquals("705ab4f5-6393-11e8-b7cc-42010a800002", r.uid());
    assertEquals("UPDATE", r.operation());
    assertEquals("example.com", r.group());
    assertEquals("Widget", r.kind());
    assertEquals("default", r.namespace());
    assertEquals("w1", r.name());
    assertTrue(r.isStatusWrite());
    assertTrue(r.oldObject().isPresent());
  }

  @Test
  void fallsBackToTheObjectWhenTheRequestLacksKindAndName() throws Exception {
    // Recorded v1beta1 reviews (gatekeeper-library samples) carry only operation and object.
    AdmissionRequest r = AdmissionRequest.parse(Reviews.json("""
        {"apiVersion": "admission.k8s.io/v1beta1", "kind": "AdmissionReview",
         "request": {"operation": "UPDATE", "object": {"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": "d", "namespace": "ns"}}}}
        """));
    assertEquals("", r.uid());
    assertEquals("apps", r.group());
    assertEquals("Deployment", r.kind());
    assertEquals("ns", r.namespace());
    assertEquals("d", r.name());
    assertEquals(Optional.empty(), r.oldObject());
  }
}
