package dev.condlint.rules.catalogue.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # example | profile | listener condition type | expected
      reports an unprefixed custom type in a nested list | gateway-api | CertificateRotated \
        | 12:13 info gateway-custom-type-prefixed /status/listeners/0/conditions/0/type
      accepts a prefixed type | gateway-api | example.com/CertificateRotated |
      accepts the API-defined type ResolvedRefs | gateway-api | ResolvedRefs |
      accepts the API-defined type OverlappingTLSConfig | gateway-api | OverlappingTLSConfig |
      is off outside the gateway-api profile | k8s | CertificateRotated |
      """)
  void judgesTheTypeOfAListenerCondition(String example, String profile, String type, String expected) {
    assertEquals(RuleRun.expectedLines(expected), RuleRun.of(RULE).profile(profile).lines(gateway(type)));
  }
}
