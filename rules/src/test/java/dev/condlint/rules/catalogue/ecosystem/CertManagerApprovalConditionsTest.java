package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | kind | first type | its status | second type (True) | expected
      reports Approved and Denied together at the later one | cert-manager | CertificateRequest | Approved | "True" \
        | Denied | 11:11 error certmanager-approval-conditions /status/conditions/1/type
      reports a second condition of the same decision | cert-manager | CertificateRequest | Denied | "True" \
        | Denied | 11:11 error certmanager-approval-conditions /status/conditions/1/type
      reports a decision that is not True | cert-manager | CertificateRequest | Approved | "False" \
        | Ready | 8:13 error certmanager-approval-conditions /status/conditions/0/status
      accepts one True decision | cert-manager | CertificateRequest | Approved | "True" | Ready |
      leaves a YAML-coerced status to A06 | cert-manager | CertificateRequest | Approved | True | Ready |
      applies only to CertificateRequests | cert-manager | Certificate | Approved | "True" | Denied |
      is off outside the cert-manager profile | k8s | CertificateRequest | Approved | "True" | Denied |
      """)
  void judgesTheDecisionsOfARequestWithTwoConditions(
      String example, String profile, String kind, String firstType, String firstStatus, String secondType,
      String expected) {
    assertEquals(
        RuleRun.expectedLines(expected),
        RuleRun.of(RULE).profile(profile).lines(request(kind, firstType, firstStatus, secondType)));
  }
}
