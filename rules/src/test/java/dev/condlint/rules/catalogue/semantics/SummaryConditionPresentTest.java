package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.GATEWAY_API;
import static dev.condlint.rules.testing.ObjectFixtures.database;
import static dev.condlint.rules.testing.ObjectFixtures.withConditions;
import static dev.condlint.rules.testing.ObjectFixtures.withStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.testing.Configs;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryConditionPresentTest {
  private final RuleRun run = RuleRun.of("summary-condition-present");

  private static final String NO_SUMMARY = database("""
      - {type: Replicated, status: "True"}
      """);

  private static final String MIGRATION_SUCCEEDED = withConditions("batch.example.com/v1", "Migration", "m42", """
      - {type: Succeeded, status: "True"}
      """);

  @Test
  void isInfoInK8sAndErrorInFluxAndKnative() {
    assertEquals(List.of("5:3 info summary-condition-present /status/conditions"),
        run.config(Configs.withSummaryTypes(Config.DEFAULT, "Ready")).lines(NO_SUMMARY));
    assertEquals(List.of("5:3 error summary-condition-present /status/conditions"), run.profile("flux").lines(NO_SUMMARY));
    assertEquals(List.of("5:3 error summary-condition-present /status/conditions"), run.profile("knative").lines(NO_SUMMARY));
  }

  @Test
  void kstatusUnderstandsOnlyReady() {
    assertEquals(
        List.of(
            "Status has no 'Ready' condition; a summary condition tells users and tools such as kstatus"
                + " whether the Migration is ready."),
        run.profile("kstatus").messages(MIGRATION_SUCCEEDED));
  }

  @Test
  void gatewayApiWantsEverySummaryTypeOfTheKind() {
    String yaml = withConditions(GATEWAY_API, "Gateway", "web", """
        - {type: Accepted, status: "True"}
        """);
    assertEquals(
        List.of("5:3 warning summary-condition-present /status/conditions Status has no 'Programmed' condition; every"
            + " summary condition of a Gateway (Accepted, Programmed) should be set once the object is observed."),
        run.profile("gateway-api").linesWithMessages(yaml));
  }

  @Test
  void clusterApiV1beta2ChoosesTheSummaryByKind() {
    String machine = withConditions("cluster.x-k8s.io/v1beta2", "Machine", "md-0-abcde", """
        - {type: Available, status: "True"}
        """);
    RuleRun capi = run.profile("capi-v1beta2");
    assertEquals(List.of(), capi.lines(machine), "a Machine summarises itself with Ready or Available");
    assertEquals(List.of(), capi.lines(machine.replace("kind: Machine", "kind: Cluster")));
    assertEquals(List.of("5:3 info summary-condition-present /status/conditions"),
        capi.lines(machine.replace("type: Available", "type: Updating")));
  }

  @Test
  void skipsObjectsWithoutConditionsAndBuiltInKinds() {
    assertEquals(List.of(), run.lines(withStatus("example.com/v1", "Database", "orders", "observedGeneration: 3\n")));
    assertEquals(List.of(), run.lines(withConditions("apps/v1", "Deployment", "web", """
        - {type: Available, status: "True"}
        """)));
  }
}
