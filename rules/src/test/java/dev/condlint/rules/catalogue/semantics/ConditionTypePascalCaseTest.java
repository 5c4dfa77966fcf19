package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.GATEWAY_API;
import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
import static dev.condlint.rules.testing.ObjectFixtures.withStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionTypePascalCaseTest {
  private final RuleRun run = RuleRun.of("condition-type-pascalcase");

  private static String cache(String conditions) {
    return withConditions("example.com/v1", "Cache", "sessions", conditions);
  }

  @Test
  void reportsTheNamePartOfAPrefixedTypeAndSuggestsKeepingThePrefix() {
    String yaml = cache("""
        - type: example.com/cache-warm
          status: "True"
        """);
    assertEquals(List.of("6:11 warning condition-type-pascalcase /status/conditions/0/type"), run.lines(yaml));
    assertEquals(
        "Rename the type to 'example.com/CacheWarm' (a rename changes the API: update its readers too).",
        run.findings(yaml).get(0).hint());
  }

  @Test
  void acceptsPascalCaseAndAllCapitalNames() {
    assertEquals(List.of(), run.lines(cache("""
        - {type: example.com/CacheWarm, status: "True"}
        - {type: TLS, status: "True"}
        """)));
  }

  @Test
  void leavesNamesThatFailTheTypePatternToTheFormatRule() {
    assertEquals(List.of(), run.lines(cache("""
        - {type: "Ready!", status: "True"}
        """)));
  }

  @Test
  void checksNestedConditionListsToo() {
    String gateway = withStatus(GATEWAY_API, "Gateway", "web", """
        listeners:
        - name: https
          attachedRoutes: 1
          conditions:
          - type: resolved_refs
            status: "True"
        """);
    assertEquals(
        List.of("9:13 warning condition-type-pascalcase /status/listeners/0/conditions/0/type"),
        run.profile("gateway-api").lines(gateway));
  }

  @Test
  void skipsBuiltInKindsWhoseReadinessGatesUseLabelKeyStyle() {
    assertEquals(List.of(), run.lines(withConditions("v1", "Pod", "web-0", """
        - {type: www.example.com/feature-1, status: "False"}
        """)));
  }
}
