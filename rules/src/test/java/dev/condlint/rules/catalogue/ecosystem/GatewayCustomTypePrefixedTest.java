package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatewayCustomTypePrefixedTest {
  private static final String RULE = "gateway-custom-type-prefixed";

  private static String gateway(String listenerConditionType) {
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: public
        status:
          conditions:
          - type: Programmed
            status: "True"
          listeners:
          - name: https
            conditions:
            - type: %s
              status: "True"
        """
        .formatted(listenerConditionType);
  }

  @Test
  void reportsAnUnprefixedCustomTypeInANestedList() {
    assertEquals(
        List.of("12:13 info " + RULE + " /status/listeners/0/conditions/0/type"),
        RuleRun.of(RULE).profile("gateway-api").lines(gateway("CertificateRotated")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"example.com/CertificateRotated", "ResolvedRefs", "OverlappingTLSConfig"})
  void acceptsPrefixedAndApiDefinedTypes(String type) {
    assertEquals(List.of(), RuleRun.of(RULE).profile("gateway-api").lines(gateway(type)));
  }

  @Test
  void isOffOutsideTheGatewayApiProfile() {
    assertEquals(List.of(), RuleRun.of(RULE).profile("k8s").lines(gateway("CertificateRotated")));
  }
}
