package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class CertManagerApprovalConditionsTest {
  private static final String RULE = "certmanager-approval-conditions";

  private static String request(String kind, String firstType, String firstStatus, String secondType) {
    return """
        apiVersion: cert-manager.io/v1
        kind: %s
        metadata:
          name: web-tls-1
        status:
          conditions:
          - type: %s
            status: %s
            reason: Decided
            message: Decided by the policy approver
          - type: %s
            status: "True"
            reason: Decided
            message: Decided by the policy approver
        """
        .formatted(kind, firstType, firstStatus, secondType);
  }

  @Test
  void reportsApprovedAndDeniedTogetherAtTheLaterOne() {
    assertEquals(
        List.of("11:11 error " + RULE + " /status/conditions/1/type"),
        RuleRun.of(RULE).profile("cert-manager").lines(request("CertificateRequest", "Approved", "\"True\"", "Denied")));
  }

  @Test
  void reportsASecondConditionOfTheSameDecision() {
    assertEquals(
        List.of("11:11 error " + RULE + " /status/conditions/1/type"),
        RuleRun.of(RULE).profile("cert-manager").lines(request("CertificateRequest", "Denied", "\"True\"", "Denied")));
  }

  @Test
  void reportsADecisionThatIsNotTrue() {
    assertEquals(
        List.of("8:13 error " + RULE + " /status/conditions/0/status"),
        RuleRun.of(RULE).profile("cert-manager").lines(request("CertificateRequest", "Approved", "\"False\"", "Ready")));
  }

  @Test
  void acceptsOneTrueDecision() {
    assertEquals(
        List.of(),
        RuleRun.of(RULE).profile("cert-manager").lines(request("CertificateRequest", "Approved", "\"True\"", "Ready")));
  }

  @Test
  void leavesAYamlCoercedStatusToA06() {
    assertEquals(
        List.of(), RuleRun.of(RULE).profile("cert-manager").lines(request("CertificateRequest", "Approved", "True", "Ready")));
  }

  @Test
  void appliesOnlyToCertificateRequests() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("cert-manager").lines(request("Certificate", "Approved", "\"True\"", "Denied")));
  }

  @Test
  void isOffOutsideTheCertManagerProfile() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(request("CertificateRequest", "Approved", "\"True\"", "Denied")));
  }
}
