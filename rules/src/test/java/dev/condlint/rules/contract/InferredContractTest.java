package dev.condlint.rules.contract;

import static dev.condlint.rules.contract.ContractFixtures.inferredFrom;
import static dev.condlint.rules.contract.ContractFixtures.listContract;
import static dev.condlint.rules.contract.ContractFixtures.loadConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.catalogue.Ruleset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What condlint infers of a kind nothing declares (no configuration, CRD, catalogue entry or chosen
 * profile): the family from the fields its conditions carry (families.json {@code guesses}), each type's
 * polarity from its name (types.json), the summary from the names that summarise anywhere, and
 * per-condition observedGeneration from conditions that carry one; all of it with an inferred basis.
 */
class InferredContractTest {
  private static final String STALLED_SOURCE = "kstatus (cli-utils pkg/kstatus): Stalled is an abnormal-true condition";
  private static final String FAILED_ENDING_SOURCE =
      "a type named for a failure is True when it failed (batch/v1 JobFailed, Flux FetchFailed)";

  /** The contract of a list of a kind nothing declares, for what it says of any type name. */
  private static final ListContract ANY_LIST = listContract(
      "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nstatus:\n  conditions:\n  - {type: Ready, status: \"True\"}\n",
      "/status/conditions");

  /** A kind of a group that no catalogue entry and no built-in profile mapping knows. */
  private static String widget(String... conditions) {
    StringBuilder yaml = new StringBuilder(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, generation: 2}\nstatus:\n  conditions:\n");
    for (String c : conditions) {
      yaml.append("  - ").append(c).append('\n');
    }
    return yaml.toString();
  }

  private static ListContract contract(String... conditions) {
    return listContract(widget(conditions), "/status/conditions");
  }

  private static Known<ConditionSchema> guessed(String family, String fields) {
    return guessed(family, fields, Known.Hold.NONE);
  }

  private static Known<ConditionSchema> guessed(String family, String fields, Known.Hold hold) {
    ConditionFamily f = Ruleset.builtIn().catalogue().families().get(family);
    return new Known<>(f.schema(),
        inferredFrom("the fields its conditions carry (" + fields + ", as " + f.title() + " has)"), hold);
  }

  @Test
  void aSeverityFieldMakesTheListKnatives() {
    assertEquals(Optional.of(guessed("knative", "severity")),
        contract("{type: Ready, status: \"False\", severity: Error, reason: Failed}").schema());
  }

  @Test
  void aSeverityFieldInAClusterApiGroupMakesTheListClusterApis() {
    // A provider's kind that nothing declares (CAPA's AWSManagedControlPlane, v1beta2 of its own API with
    // Cluster API v1beta1 conditions, is in the bundled CRD catalogue now).
    String provider = "apiVersion: controlplane.cluster.x-k8s.io/v1beta2\nkind: ExampleManagedControlPlane\n"
        + "metadata: {name: cp}\nstatus:\n  conditions:\n"
        + "  - {type: EKSControlPlaneCreating, status: \"False\", severity: Info, reason: created}\n";
    assertEquals(Optional.of(guessed("capi-v1beta1", "severity")),
        listContract(provider, "/status/conditions").schema());
  }

  @Test
  void aLastUpdateTimeFieldMakesTheListDeploymentStyle() {
    assertEquals(Optional.of(guessed("deployment", "lastUpdateTime")),
        contract("{type: Available, status: \"True\", lastUpdateTime: \"2024-05-01T12:00:00Z\"}").schema());
  }

  @Test
  void aLastProbeTimeFieldMakesTheListPodStyle() {
    assertEquals(Optional.of(guessed("pod", "lastProbeTime")),
        contract("{type: Ready, status: \"True\", lastProbeTime: null}").schema());
  }

  @Test
  void aLastHeartbeatTimeFieldMakesTheListNodeStyle() {
    assertEquals(Optional.of(guessed("node", "lastHeartbeatTime")),
        contract("{type: Available, status: \"True\", lastHeartbeatTime: \"2024-05-01T12:00:00Z\"}").schema());
  }

  /**
   * The observedGeneration rung: the values, of which it claims only that metav1's is the type's field set
   * ({@code closed}), and an absent lastTransitionTime the list's other conditions carry (RungClaimMeasurementTest).
   */
  private static Known<ConditionSchema> observedGenerationRung() {
    Known<ConditionSchema> guessed = guessed("metav1", "observedGeneration");
    return new Known<>(guessed.value(), guessed.basis(), Known.Hold.VALUES,
        new Known.Asks(java.util.Set.of("lastTransitionTime"), 1, java.util.Set.of()), java.util.Set.of("closed"));
  }

  @Test
  void observedGenerationWithOnlyMetav1FieldsMakesTheListMetav1() {
    assertEquals(Optional.of(observedGenerationRung()),
        contract("{type: Ready, status: \"True\", observedGeneration: 2, reason: Done, message: ok}").schema());
  }

  /** A field metav1 lacks beside observedGeneration is for condition-unknown-field to report (at warning). */
  @Test
  void observedGenerationBesideAFieldMetav1LacksStillMakesTheListMetav1() {
    assertEquals(Optional.of(observedGenerationRung()),
        contract("{type: Ready, status: \"True\", observedGeneration: 2, lastSyncTime: \"2024-05-01T12:00:00Z\"}")
            .schema());
  }

  @Test
  void theGuessesAreTriedInTheirOrderSoSeverityBeatsObservedGeneration() {
    assertEquals(Optional.of(guessed("knative", "severity")),
        contract("{type: Ready, status: \"True\", observedGeneration: 2}", "{type: Synced, status: \"False\", severity: Warning}")
            .schema());
  }

  @Test
  void conditionsWithoutATellingFieldHaveNoSchemaAndAGuessedOneIsNotDeclared() {
    assertEquals(Optional.empty(), contract("{type: Ready, status: \"True\", reason: Done}").schema());
    assertEquals(Optional.empty(), contract("{type: Ready, status: \"False\", severity: Error}").declaredSchema());
  }

  @Test
  void aTypeNameOfTheVocabularyGivesItsPolarityWithTheConventionsSource() {
    assertEquals(
        Optional.of(new Known<>(Polarity.ABNORMAL_TRUE, inferredFrom("the type name Stalled", STALLED_SOURCE))),
        contract("{type: Stalled, status: \"True\"}").polarity("Stalled"));
  }

  @Test
  void aPrefixedTypeIsJudgedByTheNameAfterItsPrefix() {
    assertEquals(
        Optional.of(new Known<>(Polarity.ABNORMAL_TRUE, inferredFrom("the type name Stalled", STALLED_SOURCE))),
        contract("{type: example.com/Stalled, status: \"True\"}").polarity("example.com/Stalled"));
  }

  @ParameterizedTest
  @CsvSource({
      "ReconcileFailed, Failed, ABNORMAL_TRUE",
      "DNSError, Error, ABNORMAL_TRUE",
      "Step2Failed, Failed, ABNORMAL_TRUE",
      "ValidationErrors, Errors, ABNORMAL_TRUE",
      "MountFailure, Failure, ABNORMAL_TRUE",
      "StoragePressure, Pressure, ABNORMAL_TRUE",
      "ClusterDegraded, Degraded, ABNORMAL_TRUE",
      "InfrastructureReady, Ready, NORMAL_TRUE",
      "ServiceAvailable, Available, NORMAL_TRUE",
      "BackendHealthy, Healthy, NORMAL_TRUE"})
  void aTypeThatEndsWithAWordOfTheVocabularyTakesItsPolarity(String type, String ending, Polarity polarity) {
    Known<Polarity> known = ANY_LIST.polarity(type).orElseThrow();

    assertEquals(polarity, known.value());
    assertEquals(ContractBasis.Source.INFERRED, known.source());
    assertEquals("the type name ending " + ending, known.basis().detail());
  }

  @Test
  void anEndingCarriesTheSourceOfItsConvention() {
    assertEquals(
        Optional.of(new Known<>(Polarity.ABNORMAL_TRUE, inferredFrom("the type name ending Failed", FAILED_ENDING_SOURCE))),
        ANY_LIST.polarity("HealthCheckFailed"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"Unfailed", "Unready", "Errored", "Healthcheck", "Synced", "Paused"})
  void aNameThatOnlyContainsAWordOrIsUnknownHasNoPolarity(String type) {
    assertEquals(Optional.empty(), ANY_LIST.polarity(type));
  }

  @ParameterizedTest
  @CsvSource({
      "NotReady, the type name NotReady",
      "ComponentNotReady, the type name ending NotReady",
      "DatabaseNotAvailable, the type name ending NotAvailable",
      "Unavailable, the type name Unavailable",
      "Unhealthy, the type name Unhealthy"})
  void aNegatedNormalTrueNameIsAbnormalTrue(String type, String detail) {
    Known<Polarity> polarity = ANY_LIST.polarity(type).orElseThrow();

    assertEquals(Polarity.ABNORMAL_TRUE, polarity.value());
    assertEquals(detail, polarity.basis().detail());
  }

  @Test
  void aDeclaredPolarityOutranksTheName() {
    ListContract contract = listContract(
        loadConfig("contracts:\n  - group: example.com\n    conditions: {types: {DNSError: unknown}}\n"),
        widget("{type: DNSError, status: \"True\"}"), "/status/conditions");

    assertEquals(Polarity.UNKNOWN, contract.polarity("DNSError").orElseThrow().value());
    assertEquals(Optional.empty(), contract.knownPolarity("DNSError"));
  }

  @Test
  void readyOrSucceededPresentIsTheSummaryInTheListsOrder() {
    assertEquals(
        Optional.of(new Known<>(new Summary(List.of("Succeeded", "Ready"), false),
            inferredFrom("the type name Succeeded and Ready"))),
        contract("{type: Succeeded, status: \"True\"}", "{type: Ready, status: \"True\"}").summary());
  }

  @Test
  void withoutReadyOrSucceededThereIsNoSummary() {
    assertEquals(Optional.empty(), contract("{type: Available, status: \"True\"}", "{type: Healthy, status: \"True\"}")
        .summary());
  }

  @ParameterizedTest
  @ValueSource(strings = {"Reconciling", "Progressing", "RolloutProgressing", "RollingOut", "ScalingUp", "Paused",
      "Suspended", "Issuing", "Remediating"})
  void workUnderWayOrADeliberateStateMayStandBesideATrueSummary(String type) {
    assertEquals(true, ANY_LIST.coexistsWithSummary(type));
  }

  @ParameterizedTest
  @ValueSource(strings = {"Degraded", "Failed", "Stalled", "ProgressingFailed", "Unprogressing"})
  void aProblemMayNotStandBesideATrueSummary(String type) {
    assertEquals(false, ANY_LIST.coexistsWithSummary(type));
  }

  @ParameterizedTest
  @ValueSource(strings = {"Creating", "Deleting", "ReconcilePaused", "UnpackingInProgress", "BundleUnpacking",
      "InstallPlanPending", "Terminating", "example.com/Provisioning"})
  void typesAndReasonsThatNameWorkUnderWay(String name) {
    assertEquals(true, ANY_LIST.namesWorkUnderWay(name));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ReconcileError", "FailedCreateOrUpdate", "ImagePullFailed", "Unpausing", "Pendingx",
      "NoMatchingNode", "ReplicaFailure"})
  void typesAndReasonsThatNameAProblem(String name) {
    assertEquals(false, ANY_LIST.namesWorkUnderWay(name));
  }

  @Test
  void aConditionThatCarriesObservedGenerationMakesTheListTrackItPerCondition() {
    assertEquals(
        Optional.of(new Known<>(GenerationTracking.CONDITION,
            inferredFrom("the observedGeneration some of its conditions carry"))),
        contract("{type: Ready, status: \"True\"}", "{type: Synced, status: \"True\", observedGeneration: 1}")
            .generation());
    assertEquals(Optional.empty(), contract("{type: Ready, status: \"True\"}").generation());
  }
}
