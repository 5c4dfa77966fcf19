package dev.condlint.rules.catalogue.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryConditionPresentTest {
  private final Lint lint = Lint.rule("summary-condition-present");

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
    assertEquals(List.of("5:3 info /status/conditions"), lint.on(NO_SUMMARY));
    assertEquals(List.of("5:3 error /status/conditions"), lint.profile("flux").on(NO_SUMMARY));
    assertEquals(List.of("5:3 error /status/conditions"), lint.profile("knative").on(NO_SUMMARY));
  }

  @Test
  void anyOneOfTheK8sSummaryTypesIsEnough() {
    assertEquals(
        List.of(),
        lint.on(
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
        lint.profile("kstatus")
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
    Lint gatewayApi = lint.profile("gateway-api");
    assertEquals(List.of("5:3 warning /status/conditions"), gatewayApi.on(yaml));
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
    Lint capi = lint.profile("capi-v1beta2");
    assertEquals(List.of("5:3 info /status/conditions"), capi.on(machine));
    assertEquals(List.of(), capi.on(machine.replace("kind: Machine", "kind: Cluster")));
  }

  @Test
  void skipsObjectsWithoutConditionsAndBuiltInKinds() {
    assertEquals(
        List.of(),
        lint.on(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders}
            status: {observedGeneration: 3}
            """));
    assertEquals(
        List.of(),
        lint.on(
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
  void anEmptyListLacksTheSummaryToo() {
    assertEquals(
        List.of("5:3 info /status/conditions"),
        lint.on(
            """
            apiVersion: example.com/v1
            kind: Database
            metadata: {name: orders}
            status:
              conditions: []
            """));
  }
}
