package dev.condlint.rules.catalogue.transition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImmutableConditionModifiedTest {
  private static final String RULE = "immutable-condition-modified";

  private static String request(String kind, String denied) {
    return """
        apiVersion: cert-manager.io/v1
        kind: %s
        metadata:
          name: web-tls-1
        status:
          conditions:
          - type: Denied
            status: "True"
            reason: %s
            message: Denied by policy
            lastTransitionTime: "2024-05-01T12:00:00Z"
          - type: Ready
            status: "False"
            reason: Denied
            message: The CertificateRequest was denied by an approval controller
            lastTransitionTime: "2024-05-01T12:00:00Z"
        """.formatted(kind, denied);
  }

  private static final String DENIED = request("CertificateRequest", "policy.cert-manager.io");

  @Test
  void certManagerRejectsAChangedDecisionAtItsFirstChangedField() {
    String changed = request("CertificateRequest", "admin").replace("Denied by policy", "Overruled");
    assertEquals(
        List.of("9:13 error " + RULE + " /status/conditions/0/reason"),
        RuleRun.of(RULE).config(Config.DEFAULT).updateLines(DENIED, changed));
    assertEquals(
        "Condition 'Denied' may not change once set, but its reason and message were changed.",
        RuleRun.only(RuleRun.of(RULE).profile("cert-manager").update(DENIED, changed)).message());
  }
}
