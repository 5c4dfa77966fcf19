package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
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
}
