package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.config.Config;
import dev.condlint.rules.testing.Configs;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryConditionPresentTest {
  private final RuleRun run = RuleRun.of("summary-condition-present");

  private static final String NO_SUMMARY =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders}
      status:
        conditions:
        - {type: Replicated, status: "True"}
      """;

  @Test
  void isInfoInK8sAndErrorInFluxAndKnative() {
    assertEquals(List.of("5:3 info summary-condition-present /status/conditions"),
        run.config(Configs.withSummaryTypes(Config.DEFAULT, "Ready")).lines(NO_SUMMARY));
    assertEquals(List.of("5:3 error summary-condition-present /status/conditions"), run.profile("flux").lines(NO_SUMMARY));
    assertEquals(List.of("5:3 error summary-condition-present /status/conditions"), run.profile("knative").lines(NO_SUMMARY));
  }

  @Test
  void saysNothingWhereNobodyDeclaredTheKindsSummary() {
    assertEquals(List.of(), run.lines(NO_SUMMARY));
  }

  @Test
  void anyOneOfKnativesSummaryTypesIsEnough() {
    assertEquals(
        List.of(),
        run.profile("knative").lines(
            """
            apiVersion: batch.example.com/v1
            kind: Migration
            metadata: {name: m42}
            status:
              conditions:
              - {type: Succeeded, status: "True"}
            """));
  }

  @Test
  void kstatusUnderstandsOnlyReady() {
    assertEquals(
        List.of(
            "Status has no 'Ready' condition; a summary condition tells users and tools such as kstatus"
                + " whether the Migration is ready."),
        run.profile("kstatus")
            .messages(
                """
                apiVersion: batch.example.com/v1
                kind: Migration
                metadata: {name: m42}
                status:
                  conditions:
                  - {type: Succeeded, status: "True"}
                """));
  }

  @Test
  void gatewayApiWantsEverySummaryTypeOfTheKind() {
    String yaml =
        """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata: {name: web}
        status:
          conditions:
          - {type: Accepted, status: "True"}
        """;
    RuleRun gatewayApi = run.profile("gateway-api");
    assertEquals(List.of("5:3 warning summary-condition-present /status/conditions"), gatewayApi.lines(yaml));
    assertEquals(
        List.of(
            "Status has no 'Programmed' condition; every summary condition of a Gateway (Accepted,"
                + " Programmed) should be set once the object is observed."),
        gatewayApi.messages(yaml));
  }

  @Test
  void clusterApiV1beta2ChoosesTheSummaryByKind() {
    String machine =
        """
        apiVersion: cluster.x-k8s.io/v1beta2
        kind: Machine
        metadata: {name: md-0-abcde}
        status:
          conditions:
          - {type: Available, status: "True"}
        """;
    RuleRun capi = run.profile("capi-v1beta2");
    assertEquals(List.of(), capi.lines(machine), "a Machine summarises itself with Ready or Available");
    assertEquals(List.of(), capi.lines(machine.replace("kind: Machine", "kind: Cluster")));
    assertEquals(List.of("5:3 info summary-condition-present /status/conditions"),
        capi.lines(machine.replace("type: Available", "type: Updating")));
  }

  @Test
  void skipsObjectsWithoutConditionsAndBuiltInKinds() {
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders}
            status: {observedGeneration: 3}
            """));
    assertEquals(
        List.of(),
        run.lines(
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web}
            status:
              conditions:
              - {type: Available, status: "True"}
            """));
  }

  @Test
  void anEmptyListLacksTheSummaryOnceAControllerHasReported() {
    assertEquals(
        List.of("6:3 error summary-condition-present /status/conditions"),
        run.profile("flux").lines(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders, generation: 1}
            status:
              observedGeneration: 1
              conditions: []
            """));
  }

  @Test
  void anEmptyListNoControllerHasReportedIntoLacksNothingYet() {
    assertEquals(
        List.of(),
        run.profile("flux").lines(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders}
            status:
              conditions: []
            """));
  }
}
