package dev.condlint.cli;

import static dev.condlint.rules.testing.CrdFixtures.conditionsStatus;
import static dev.condlint.rules.testing.CrdFixtures.crdOfVersions;
import static dev.condlint.rules.testing.CrdFixtures.statusVersion;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code condlint explain}: the contract of each object of a file, or of a kind, with each part's basis. */
class ExplainCommandTest {
  /** A kind nothing declares: every part of its contract is inferred from the object. */
  private static final String WIDGET = """
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: cache, generation: 3}
      status:
        observedGeneration: 3
        conditions:
        - {type: Ready, status: "True", observedGeneration: 3, lastTransitionTime: "2024-05-01T00:00:00Z", reason: Done, message: ""}
        - {type: Degraded, status: "False", observedGeneration: 3, lastTransitionTime: "2024-05-01T00:00:00Z", reason: Fine, message: ""}
        - {type: Paused, status: "False", observedGeneration: 3, lastTransitionTime: "2024-05-01T00:00:00Z", reason: Running, message: ""}
      """;

  private static final String WIDGET_EXPLAINED = """
      widget.yaml:1: Widget/cache (example.com/v1)
        status.conditions, line 6
          condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)
            fields: type (required), status (required), observedGeneration (optional), lastTransitionTime (required), reason (required, non-empty), message (required)
            basis: inferred from the fields its conditions carry (observedGeneration, as k8s.io/apimachinery/pkg/apis/meta/v1.Condition has)
          types:
            Ready: normal-true
              basis: inferred from the type name Ready; source: api-conventions.md: Ready is the summary condition, True when the object is ready
            Degraded: abnormal-true
              basis: inferred from the type name Degraded; source: openshift/api config/v1 OperatorDegraded; api-conventions.md names Degraded among abnormal-true types
            Paused: unknown (may be True beside a True summary: work under way or a deliberate state)
              basis: nothing says, so the rules that depend on polarity leave it alone
          summary: Ready
            basis: inferred from the type name Ready
          observedGeneration: condition (each condition's observedGeneration)
            basis: inferred from the observedGeneration some of its conditions carry

        What condlint inferred, as a .condlint.yaml entry to confirm or correct:

      contracts:
        - group: example.com
          kinds: [Widget]
          conditions:
            family: metav1
            types:
              Ready: normal-true
              Degraded: abnormal-true
              Paused: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?
            summary: [Ready]
            observedGeneration: condition
      """;

  /** v1's conditions are of the basic kind (type and status required), v2's are metav1.Condition's. */
  private static final String GADGET_CRD = crdOfVersions("Gadget", "example.com",
      statusVersion("v1", true, conditionsStatus("", "[type, status]",
          "type: {type: string}", "status: {type: string}", "reason: {type: string}", "message: {type: string}",
          "lastTransitionTime: {type: string, format: date-time}"))
      + statusVersion("v2", false, conditionsStatus("", "[type, status, lastTransitionTime, reason, message]",
          "type: {type: string}", "status: {type: string}", "observedGeneration: {type: integer}",
          "reason: {type: string, minLength: 1}", "message: {type: string}",
          "lastTransitionTime: {type: string, format: date-time}")));

  private static final String ROLLOUT_EXPLAINED = """
        status.conditions
          condition type: argo-rollouts-rollout (github.com/argoproj/argo-rollouts/pkg/apis/rollouts/v1alpha1.RolloutCondition)
            fields: type (required), status (required), lastUpdateTime (required), lastTransitionTime (required), reason (required), message (required)
            basis: condlint's catalogue (Argo); source: argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/types.go@9f8d111d8f8e
          types:
            InvalidSpec: abnormal-true
            Available: normal-true
            Progressing: normal-true (may be True beside a True summary: work under way or a deliberate state)
            ReplicaFailure: abnormal-true
            Paused: abnormal-true (may be True beside a True summary: work under way or a deliberate state)
            Completed: normal-true
            Healthy: normal-true
              basis of the 7 above: condlint's catalogue (Argo); source: argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/types.go@9f8d111d8f8e
          other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown
          summary: Healthy
            basis: condlint's catalogue (Argo); source: argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/types.go@9f8d111d8f8e
          observedGeneration: status (status.observedGeneration)
            basis: condlint's catalogue (Argo); source: argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/types.go@9f8d111d8f8e
      """;

  /**
   * What explain says of an object whose one condition list (status.conditions, line 5) nothing
   * declares or explains, filled in with the object's heading, its one condition type as printed, its
   * group and kind, and that type again as a YAML key of the entry.
   */
  private static final String NOTHING_KNOWN_EXPLAINED = """
      %s
        status.conditions, line 5
          condition type: unknown
            basis: nothing says, and its conditions' fields are those of no condition family
          types:
            %s: unknown
              basis: nothing says, so the rules that depend on polarity leave it alone
          summary: none
            basis: nothing says, and no Ready or Succeeded condition is present
          observedGeneration: unknown
            basis: nothing says, and none of its conditions carries it

        What condlint inferred, as a .condlint.yaml entry to confirm or correct:

      contracts:
        - group: %s
          kinds: [%s]
          conditions:
            types:
              %s: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?
            # family:  # unknown: a condition family of docs/catalogue.md, or the fields (docs/contracts.md)
            # summary: []  # none found: the type(s) that sum the object's health up, if it has one
            # observedGeneration:  # unknown: status, condition, both or none
      """;

  @TempDir Path dir;

  private CliRun.Result explain(String... args) {
    return CliRun.in(dir).run(List.of("explain"), args);
  }

  private void write(String name, String text) throws IOException {
    Files.writeString(dir.resolve(name), text);
  }

  /** Writes thing.yaml: a Thing, a kind nothing declares, with this metadata and one condition. */
  private void writeThing(String metadata, String condition) throws IOException {
    write("thing.yaml", """
        apiVersion: things.example.org/v1
        kind: Thing
        metadata: %s
        status:
          conditions:
          - %s
        """.formatted(metadata, condition));
  }

  @Test
  void aKindNothingDeclaresIsInferredAndTheEntryThatWouldDeclareItFollows() throws IOException {
    write("widget.yaml", WIDGET);

    CliRun.Result r = explain("widget.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals(WIDGET_EXPLAINED, r.out());
    assertEquals("", r.err());
  }

  @Test
  void theEntryPastedIntoTheConfigurationDeclaresWhatWasInferred() throws IOException {
    write("widget.yaml", WIDGET);
    String entry = WIDGET_EXPLAINED.substring(WIDGET_EXPLAINED.indexOf("contracts:"));
    write(".condlint.yaml", "profile: k8s\n" + entry);

    CliRun.Result r = explain("widget.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        widget.yaml:1: Widget/cache (example.com/v1)
          status.conditions, line 6
            condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)
              fields: type (required), status (required), observedGeneration (optional), lastTransitionTime (required), reason (required, non-empty), message (required)
              basis: .condlint.yaml contracts[0]
            types:
              Ready: normal-true
              Degraded: abnormal-true
              Paused: unknown (may be True beside a True summary: work under way or a deliberate state)
                basis of the 3 above: .condlint.yaml contracts[0]
            summary: Ready
              basis: .condlint.yaml contracts[0]
            observedGeneration: condition (each condition's observedGeneration)
              basis: .condlint.yaml contracts[0]
        """, r.out());
  }

  @Test
  void aCatalogueKindNeedsNoEntry() throws IOException {
    write("deploy.yaml", """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: shop, generation: 2}
        status:
          observedGeneration: 2
          conditions:
          - {type: Available, status: "True", reason: MinimumReplicasAvailable}
          - {type: Progressing, status: "True", reason: NewReplicaSetAvailable}
        """);

    CliRun.Result r = explain("deploy.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        deploy.yaml:1: Deployment/shop/web (apps/v1)
          status.conditions, line 6
            condition type: deployment (k8s.io/api/apps/v1.DeploymentCondition)
              fields: type (required), status (required), lastUpdateTime (optional), lastTransitionTime (optional), reason (optional), message (optional)
              basis: condlint's catalogue (Kubernetes); source: kubernetes/api apps/v1/types.go@v0.36.3
            types:
              Available: normal-true
              Progressing: normal-true (may be True beside a True summary: work under way or a deliberate state)
                basis of the 2 above: condlint's catalogue (Kubernetes); source: kubernetes/api apps/v1/types.go@v0.36.3
            summary: Available
              basis: condlint's catalogue (Kubernetes); source: kubernetes/api apps/v1/types.go@v0.36.3
            observedGeneration: status (status.observedGeneration)
              basis: condlint's catalogue (Kubernetes); source: kubernetes/api apps/v1/types.go@v0.36.3
        """, r.out());
  }

  @Test
  void aCrdInTheFileDeclaresTheConditionTypeOfItsKind() throws IOException {
    write("gadgets.yaml", GADGET_CRD + """
        ---
        apiVersion: example.com/v2
        kind: Gadget
        metadata: {name: g1, generation: 1}
        status:
          conditions:
          - {type: Ready, status: "True", observedGeneration: 1, lastTransitionTime: "2024-05-01T00:00:00Z", reason: Done, message: ""}
          - {type: Synced, status: "True", observedGeneration: 1, lastTransitionTime: "2024-05-01T00:00:00Z", reason: Done, message: ""}
        """);

    CliRun.Result r = explain("gadgets.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        gadgets.yaml:1: CustomResourceDefinition/gadgets.example.com (apiextensions.k8s.io/v1)
          no condition lists
          defines Gadget.example.com: `condlint explain gadgets.yaml Gadget.example.com` shows the contract its schema declares

        gadgets.yaml:58: Gadget/g1 (example.com/v2)
          status.conditions, line 62
            condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)
              fields: type (required), status (required), observedGeneration (optional), reason (required, non-empty), message (required), lastTransitionTime (required)
              basis: the CRD gadgets.example.com (example.com/v2)
            types:
              Ready: normal-true
                basis: inferred from the type name Ready; source: api-conventions.md: Ready is the summary condition, True when the object is ready
              Synced: unknown
                basis: nothing says, so the rules that depend on polarity leave it alone
            summary: Ready
              basis: inferred from the type name Ready
            observedGeneration: condition (each condition's observedGeneration)
              basis: the CRD gadgets.example.com (example.com/v2)

          What condlint inferred, as a .condlint.yaml entry to confirm or correct:

        contracts:
          - group: example.com
            kinds: [Gadget]
            conditions:
              types:
                Ready: normal-true
                Synced: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?
              summary: [Ready]
        """, r.out());
  }

  @Test
  void aNestedListIsRecognisedByTheShapeOfWhatHoldsIt() throws IOException {
    write("route.yaml", """
        apiVersion: routing.example.io/v1
        kind: EdgeRoute
        metadata: {name: web, generation: 2}
        status:
          parents:
          - parentRef: {name: gw}
            controllerName: example.io/edge
            conditions:
            - {type: Accepted, status: "True", observedGeneration: 2, lastTransitionTime: "2024-05-01T00:00:00Z", reason: Accepted, message: ""}
            - {type: Fancy, status: "True", observedGeneration: 2, lastTransitionTime: "2024-05-01T00:00:00Z", reason: Fancy, message: ""}
          - parentRef: {name: gw2}
            controllerName: example.io/edge
            conditions:
            - {type: Accepted, status: "False", observedGeneration: 2, lastTransitionTime: "2024-05-01T00:00:00Z", reason: NotAllowedByListeners, message: ""}
        """);

    CliRun.Result r = explain("route.yaml");

    assertEquals(0, r.exit(), r.err());
    String parent = """
            condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)
              fields: type (required), status (required), observedGeneration (optional), lastTransitionTime (required), reason (required, non-empty), message (required)
              basis: inferred from a Gateway API RouteParentStatus, recognised by its fields; source: sigs.k8s.io/gateway-api apis/v1 RouteParentStatus
            types:
              Accepted: normal-true
                basis: inferred from a Gateway API RouteParentStatus, recognised by its fields; source: sigs.k8s.io/gateway-api apis/v1 RouteParentStatus
        %s    summary: Accepted or ResolvedRefs (any one)
              basis: inferred from a Gateway API RouteParentStatus, recognised by its fields; source: sigs.k8s.io/gateway-api apis/v1 RouteParentStatus
            observedGeneration: condition (each condition's observedGeneration)
              basis: inferred from a Gateway API RouteParentStatus, recognised by its fields; source: sigs.k8s.io/gateway-api apis/v1 RouteParentStatus
        """;
    String fancy = """
              Fancy: unknown
                basis: nothing says, so the rules that depend on polarity leave it alone
        """;
    assertEquals("route.yaml:1: EdgeRoute/web (routing.example.io/v1)\n"
        + "  status.parents[].conditions at /status/parents/0/conditions, line 8\n"
        + parent.formatted(fancy)
        + "  status.parents[].conditions at /status/parents/1/conditions, line 13\n"
        + parent.formatted("")
        + """

          What condlint inferred, as a .condlint.yaml entry to confirm or correct:

        contracts:
          - group: routing.example.io
            kinds: [EdgeRoute]
            lists:
              status.parents[].conditions:
                family: metav1
                types:
                  Accepted: normal-true
                  Fancy: unknown  # nothing says: is True healthy (normal-true), a problem (abnormal-true), or neither (unknown)?
                summary: [Accepted, ResolvedRefs]
                observedGeneration: condition
        """, r.out());
  }

  @Test
  void partsNothingSaysAreUnknownAndCommentsInTheEntry() throws IOException {
    writeThing("{name: t}", "{type: Warm, status: \"True\"}");

    CliRun.Result r = explain("thing.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals(
        NOTHING_KNOWN_EXPLAINED.formatted("thing.yaml:1: Thing/t (things.example.org/v1)", "Warm", "things.example.org",
            "Thing", "Warm"),
        r.out());
  }

  @Test
  void anObjectWithoutConditionsSaysSo() throws IOException {
    write("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n---\n");

    CliRun.Result r = explain("cm.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals("cm.yaml:1: ConfigMap/settings (v1)\n  no condition lists\n", r.out());
  }

  @Test
  void theTimingOfASystemIsExplainedWithItsBasis() {
    CliRun.Result r = explain("EphemeralRunner.actions.github.com");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        EphemeralRunner.actions.github.com, every version
          no condition list is declared: condlint infers the contract of any it finds in an object
          timing: arc-ephemeral-runner
            backoff after each failure: 0s, 5s, 10s, 20s, 40s, 1m20s; at most 5 failures
            fields: status.failures, status.phase, status.reason, status.message
            read by: the rules arc-* (docs/arc.md) and condlint status
              basis: condlint's catalogue (Landscaper and Actions Runner Controller); source:\
         actions/actions-runner-controller apis/actions.github.com/v1alpha1/ephemeralrunner_types.go@2ee6b3b8e8d2;\
         controllers/actions.github.com/ephemeralrunner_controller.go@2ee6b3b8e8d2 (failedRunnerBackoff, maxFailures,\
         deletePodAsFailed, markAsFailed); controllers/actions.github.com/ephemeralrunnerset_controller.go@2ee6b3b8e8d2\
         (scaleTotal counts Failed runners); PR #4059 (commit cae7efa2c60f)
        """, r.out());
  }

  @Test
  void theTimingOfASystemIsInTheJson() throws IOException {
    CliRun.Result r = explain("--format", "json", "DeployItem.landscaper.gardener.cloud");

    assertEquals(0, r.exit(), r.err());
    JsonNode timing = new ObjectMapper().readTree(r.out()).path("kinds").path(0).path("timing");
    assertEquals("landscaper-deploy-item", timing.path("model").asText());
    assertEquals(new ObjectMapper().readTree("{\"pickup\": \"5m0s\", \"progressingDefault\": \"10m0s\", \"abort\": \"5m0s\"}"),
        timing.path("deadlines"));
    assertEquals(new ObjectMapper().readTree("""
        {"path": "status.jobIDGenerationTime",
         "go": "DeployItemStatus.JobIDGenerationTime *metav1.Time `json:\\"jobIDGenerationTime,omitempty\\"`",
         "doc": "JobIDGenerationTime is the timestamp when the JobID was set."}
        """), timing.path("fields").path(2));
    assertEquals("catalogue", timing.path("basis").path("source").asText());
  }

  @Test
  void aCatalogueKindByItsKubectlName() {
    CliRun.Result r = explain("Rollout.argoproj.io");

    assertEquals(0, r.exit(), r.err());
    assertEquals("Rollout.argoproj.io, every version\n" + ROLLOUT_EXPLAINED, r.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "Rollout.argoproj.io          | Rollout.argoproj.io, every version",
    "argoproj.io/Rollout          | Rollout.argoproj.io, every version",
    "argoproj.io/v1alpha1/Rollout | Rollout.argoproj.io, version v1alpha1",
    // A catalogue kind by its resource's names too: the plural kubectl gives it, any case, with its group.
    "rollouts                     | Rollout.argoproj.io, every version",
    "rollout                      | Rollout.argoproj.io, every version",
    "Rollouts.argoproj.io         | Rollout.argoproj.io, every version",
  })
  void everySpellingOfAKindNamesTheSameKind(String argument, String heading) {
    CliRun.Result r = explain(argument);

    assertEquals(0, r.exit(), r.err());
    assertEquals(heading + "\n" + ROLLOUT_EXPLAINED, r.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "Pod             | Pod, every version                 | pod (k8s.io/api/core/v1.PodCondition)",
    "v1/Pod          | Pod, version v1                    | pod (k8s.io/api/core/v1.PodCondition)",
    "apps/Deployment | Deployment.apps, every version     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    "apps/v1/Deployment | Deployment.apps, version v1     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    "Deployment.apps | Deployment.apps, every version     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    // As kubectl resolves a resource name (issue 25, item 5): kind, lower case, plural, short name, resource.group.
    "Deployment       | Deployment.apps, every version     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    "deployment       | Deployment.apps, every version     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    "deployments      | Deployment.apps, every version     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    "deploy           | Deployment.apps, every version     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    "deployments.apps | Deployment.apps, every version     | deployment (k8s.io/api/apps/v1.DeploymentCondition)",
    "po               | Pod, every version                 | pod (k8s.io/api/core/v1.PodCondition)",
  })
  void coreAndBuiltInGroupsAreSpelledAsKubectlDoes(String argument, String heading, String conditionType) {
    CliRun.Result r = explain(argument);

    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().startsWith(heading + "\n  status.conditions\n    condition type: " + conditionType + "\n"),
        r.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    // A kind the bundled CRD index alone knows: by its plural or singular with its group, as kubectl takes them.
    "ClusterVersion.config.openshift.io  | clusterversions.config.openshift.io | ClusterVersion.config.openshift.io",
    "ClusterVersion.config.openshift.io  | clusterversion.config.openshift.io  | ClusterVersion.config.openshift.io",
    // datreeio's catalogue names kinds by file, in lower case; CustomResourceDefinition/catalog's CRD gives the capitals.
    "accesscontextmanageraccesslevel.accesscontextmanager.cnrm.cloud.google.com"
        + " | accesscontextmanageraccesslevels.accesscontextmanager.cnrm.cloud.google.com"
        + " | AccessContextManagerAccessLevel.accesscontextmanager.cnrm.cloud.google.com",
  })
  void aKindOfTheBundledCrdIndexIsNamedByItsPluralWithItsGroup(String kind, String plural, String heading) {
    CliRun.Result byKind = explain(kind);
    CliRun.Result byPlural = explain(plural);

    assertEquals(0, byPlural.exit(), byPlural.err());
    assertEquals(heading + ", every version", byPlural.out().lines().findFirst().orElseThrow());
    assertEquals(byKind.out().replace(kind.substring(0, kind.indexOf('.')), heading.substring(0, heading.indexOf('.'))),
        byPlural.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    // Issue 25 item 5: a kind of the bundled CRD index by the names its CRD gives it (spec.names), bare, as kubectl takes them.
    "certs                  | Certificate.cert-manager.io, every version",
    "CERTS                  | Certificate.cert-manager.io, every version",
    "cert.cert-manager.io   | Certificate.cert-manager.io, every version",
    "clusterversions        | ClusterVersion.config.openshift.io, every version",
    "clusterversion         | ClusterVersion.config.openshift.io, every version",
    "hostedcontrolplanes    | HostedControlPlane.hypershift.openshift.io, version v1beta1",
  })
  void aKindOfTheBundledCrdIndexIsNamedByItsShortNameOrPluralAlone(String argument, String heading) {
    CliRun.Result r = explain(argument);

    assertEquals(0, r.exit(), r.err());
    assertEquals(heading, r.out().lines().findFirst().orElseThrow());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    // A kind only the certified operators' catalogue has (CrowdStrike's Falcon operator), by its plural and group.
    "falconnodesensors.falcon.crowdstrike.com | FalconNodeSensor.falcon.crowdstrike.com | falcon.crowdstrike.com/FalconNodeSensor"
        + " | redhat-openshift-ecosystem/certified-operators@3b7b563 | redhat-openshift-ecosystem/certified-operators"
        + " operators/falcon-operator/1.14.0/manifests/falcon.crowdstrike.com_falconnodesensors.yaml@3b7b563a8acb | v1alpha1",
    // A kind only the Red Hat Marketplace catalogue has (eamli-operator-rhmp).
    "Eamli.eamli.com | Eamli.eamli.com | eamli.com/Eamli | redhat-openshift-ecosystem/redhat-marketplace-operators@b48b948"
        + " | redhat-openshift-ecosystem/redhat-marketplace-operators"
        + " operators/eamli-operator-rhmp/3.3.0/manifests/eamli.com_eamlis.yaml@b48b948b28f4 | v1alpha1",
    // A kind only a Kubernetes sub-project publishes (Karpenter's IBM Cloud provider, kubernetes-sigs).
    "ibmnodeclasses.karpenter-ibm.sh | IBMNodeClass.karpenter-ibm.sh | karpenter-ibm.sh/IBMNodeClass"
        + " | kubernetes-sigs/karpenter-provider-ibm-cloud@dd7e728 | kubernetes-sigs/karpenter-provider-ibm-cloud"
        + " charts/crds/karpenter-ibm.sh_ibmnodeclasses.yaml@dd7e7284b81b | v1alpha1",
    // A kind only a CNCF project's own CRDs have (kagent, a sandbox project), at v1alpha2.
    "kagent.dev/v1alpha2/Agent | Agent.kagent.dev | kagent.dev/Agent | kagent-dev/kagent@5229184 | kagent-dev/kagent"
        + " go/api/config/crd/bases/kagent.dev_agents.yaml@5229184e280a | v1alpha2",
    // A kind only one of the CNCF Landscape's other operators has (Kratix), by its plural and group.
    "promises.platform.kratix.io | Promise.platform.kratix.io | platform.kratix.io/Promise | syntasso/kratix@ae170e2"
        + " | syntasso/kratix config/crd/bases/platform.kratix.io_promises.yaml@ae170e22e974 | v1alpha1",
    // A kind only another repository of a CNCF project's organisation has (etcd-io/etcd-operator), by its plural and group.
    "etcdclusters.operator.etcd.io | EtcdCluster.operator.etcd.io | operator.etcd.io/EtcdCluster | etcd-io/etcd-operator@77c7f10"
        + " | etcd-io/etcd-operator config/crd/bases/operator.etcd.io_etcdclusters.yaml@77c7f1085459 | v1alpha1",
    // A kind only an operator of the awesome-operators list has (El Carro, Google's Oracle operator), by its plural and group.
    "instances.oracle.db.anthosapis.com | Instance.oracle.db.anthosapis.com | oracle.db.anthosapis.com/Instance"
        + " | GoogleCloudPlatform/elcarro-oracle-operator@0c8c9a6 | GoogleCloudPlatform/elcarro-oracle-operator"
        + " oracle/config/crd/bases/oracle.db.anthosapis.com_instances.yaml@0c8c9a643716 | v1alpha1",
  })
  void aKindOnlyOneBundledSourceHasIsExplainedWithThatSourceAndItsCommit(String argument, String heading,
      String groupKind, String pinned, String file, String version) {
    CliRun.Result r = explain(argument);

    String basis = "the CRD schema of " + groupKind + " " + version + ", " + pinned + "; source: " + file;
    assertEquals(0, r.exit(), r.err());
    assertEquals(heading + ", version " + version + "\n"
        + "  status.conditions\n"
        + "    condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)\n"
        + "      fields: lastTransitionTime (required), message (required), observedGeneration (optional),"
        + " reason (required, non-empty), status (required), type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: condition (each condition's observedGeneration)\n"
        + "      basis: " + basis + "\n", r.out());
  }

  @Test
  void aNameSeveralKindsOfTheCrdIndexAnswerToIsAmbiguous() {
    // HelmChartProxy (Cluster API's Helm add-on provider) and HyperShift's HostedControlPlane both take the short name hcp.
    CliRun.Result r = explain("hcp");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals("'hcp' names 2 kinds: HelmChartProxy.addons.cluster.x-k8s.io, HostedControlPlane.hypershift.openshift.io;"
        + " name one with its group, as HelmChartProxy.addons.cluster.x-k8s.io\n"
        + "Try 'condlint explain --help' for more information.\n", r.err());

    // Three catalogue kinds take the plural certificates: cert-manager's Certificate, its predecessor's in
    // certmanager.k8s.io, and Knative's (whose CRD adds kcert for that reason).
    CliRun.Result plural = explain("certificates");
    assertEquals(2, plural.exit());
    assertEquals("'certificates' names 3 kinds: Certificate.cert-manager.io, Certificate.certmanager.k8s.io,"
        + " Certificate.networking.internal.knative.dev;"
        + " name one with its group, as Certificate.cert-manager.io\n"
        + "Try 'condlint explain --help' for more information.\n", plural.err());

    // cert-manager's Certificate, the ironcore network-operator's (opensovereigncloud/network-operator) and OpenVox's
    // (slauger/openvox-operator) all take the short name cert in their CRDs; certs is cert-manager's alone.
    CliRun.Result shortName = explain("cert");
    assertEquals(2, shortName.exit());
    assertEquals("'cert' names 3 kinds: Certificate.cert-manager.io, Certificate.networking.metal.ironcore.dev,"
        + " Certificate.openvox.voxpupuli.org;"
        + " name one with its group, as Certificate.cert-manager.io\n"
        + "Try 'condlint explain --help' for more information.\n", shortName.err());

    CliRun.Result named = explain("hcp.hypershift.openshift.io");
    assertEquals(0, named.exit(), named.err());
    assertEquals("HostedControlPlane.hypershift.openshift.io, version v1beta1", named.out().lines().findFirst().orElseThrow());
  }

  @Test
  void aKindIsExplainedVersionByVersionWhereItsEntriesDiffer() {
    CliRun.Result r = explain("MachineSet.cluster.x-k8s.io");

    assertEquals(0, r.exit(), r.err());
    assertEquals(
        List.of(
            "MachineSet.cluster.x-k8s.io, version v1beta2",
            "  status.conditions",
            "  status.deprecated.v1beta1.conditions",
            "MachineSet.cluster.x-k8s.io, versions v1alpha3, v1alpha4, v1beta1",
            "  status.conditions",
            "  status.v1beta2.conditions"),
        r.out().lines().filter(l -> !l.startsWith("    ") && !l.isEmpty()).toList());
  }

  @Test
  void aCrdDeclaresTheContractOfEachOfItsVersions() throws IOException {
    Files.createDirectories(dir.resolve("crds"));
    write("crds/gadgets.yaml", GADGET_CRD);

    CliRun.Result r = explain("--crds", "crds", "Gadget.example.com");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        Gadget.example.com, version v1
          status.conditions
            condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares for the kind)
              fields: type (required), status (required), reason (optional), message (optional), lastTransitionTime (optional)
              basis: the CRD gadgets.example.com (example.com/v1)
            types: none declared
            other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown
            summary: not declared: a Ready or Succeeded condition of each object
            observedGeneration: not declared: per condition where each object's conditions carry it

        Gadget.example.com, version v2
          status.conditions
            condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)
              fields: type (required), status (required), observedGeneration (optional), reason (required, non-empty), message (required), lastTransitionTime (required)
              basis: the CRD gadgets.example.com (example.com/v2)
            types: none declared
            other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown
            summary: not declared: a Ready or Succeeded condition of each object
            observedGeneration: condition (each condition's observedGeneration)
              basis: the CRD gadgets.example.com (example.com/v2)
        """, r.out());
  }

  @Test
  void aKindTheConfigurationDeclares() throws IOException {
    write(".condlint.yaml", """
        settings:
          negativeTypes: [Overheated]
        contracts:
          - group: example.com
            kinds: [Widget]
            conditions:
              family: knative
              fields: {message: required}
              types: {Ready: normal-true, Cooling: unknown}
              typeEndings: {Failing: abnormal-true}
              summary: {types: [Ready, Serving], all: true}
              observedGeneration: status
            lists:
              status.parts[].conditions: {family: metav1}
        """);

    CliRun.Result r = explain("Widget.example.com");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        Widget.example.com, every version
          status.conditions
            condition type: knative (knative.dev/pkg/apis.Condition)
              fields: type (required), status (required), severity (optional), lastTransitionTime (optional), reason (required when False), message (required)
              changed from knative: message
              basis: .condlint.yaml contracts[0]
            types:
              Overheated: abnormal-true
                basis: settings in .condlint.yaml
              Ready: normal-true
              Cooling: unknown
                basis of the 2 above: .condlint.yaml contracts[0]
            types by the end of their name:
              ...Failing: abnormal-true
                basis: .condlint.yaml contracts[0]
            other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown
            summary: Ready and Serving (every one)
              basis: .condlint.yaml contracts[0]
            observedGeneration: status (status.observedGeneration)
              basis: .condlint.yaml contracts[0]
          status.parts[].conditions
            condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)
              fields: type (required), status (required), observedGeneration (optional), lastTransitionTime (required), reason (required, non-empty), message (required)
              basis: .condlint.yaml contracts[0]
            types:
              Overheated: abnormal-true
                basis: settings in .condlint.yaml
            other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown
            summary: not declared: a Ready or Succeeded condition of each object
            observedGeneration: not declared: per condition where each object's conditions carry it
        """, r.out());
  }

  @Test
  void aKindNothingIsKnownOfIsSaidToBeInferredWithTheNearestKnownKind() {
    CliRun.Result r = explain("Rolout.argoproj.io", "Widget.example.com");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        Rolout.argoproj.io, every version
          nothing is known of its conditions: condlint infers the contract from each object
          (`condlint explain FILE` shows what it infers; docs/contracts.md says how to declare it)
          did you mean 'Rollout.argoproj.io'?

        Widget.example.com, every version
          nothing is known of its conditions: condlint infers the contract from each object
          (`condlint explain FILE` shows what it infers; docs/contracts.md says how to declare it)
        """, r.out());
  }

  @Test
  void jsonGivesEachPartWithItsBasis() throws IOException {
    writeThing("{name: t, namespace: ns}", "{type: Ready, status: \"True\", lastProbeTime: null}");

    CliRun.Result r = explain("--format", "json", "thing.yaml", "v1/Node");

    assertEquals(0, r.exit(), r.err());
    JsonNode json = new ObjectMapper().readTree(r.out());
    JsonNode expected = new ObjectMapper().readTree("""
        {"objects": [{
           "file": "thing.yaml", "line": 1,
           "object": {"apiVersion": "things.example.org/v1", "kind": "Thing", "namespace": "ns", "name": "t"},
           "lists": [{
             "path": "status.conditions", "pointer": "/status/conditions", "line": 5, "recognisedAs": null,
             "conditionType": {
               "family": "pod", "title": "k8s.io/api/core/v1.PodCondition",
               "fields": {
                 "type": {"required": true, "requiredWhen": [], "nonEmpty": false},
                 "status": {"required": true, "requiredWhen": [], "nonEmpty": false},
                 "observedGeneration": {"required": false, "requiredWhen": [], "nonEmpty": false},
                 "lastProbeTime": {"required": false, "requiredWhen": [], "nonEmpty": false},
                 "lastTransitionTime": {"required": false, "requiredWhen": [], "nonEmpty": false},
                 "reason": {"required": false, "requiredWhen": [], "nonEmpty": false},
                 "message": {"required": false, "requiredWhen": [], "nonEmpty": false}},
               "changedFromFamily": [],
               "basis": {"source": "inferred",
                         "detail": "the fields its conditions carry (lastProbeTime, as k8s.io/api/core/v1.PodCondition has)"}},
             "types": [{"type": "Ready", "polarity": "normal-true", "mayStandBesideSummary": false,
                        "basis": {"source": "inferred", "detail": "the type name Ready",
                                  "citation": "api-conventions.md: Ready is the summary condition, True when the object is ready"}}],
             "typeEndings": [],
             "summary": {"types": ["Ready"], "all": false,
                         "basis": {"source": "inferred", "detail": "the type name Ready"}},
             "observedGeneration": null}],
           "snippet": "contracts:\\n  - group: things.example.org\\n    kinds: [Thing]\\n    conditions:\\n      family: pod\\n      types:\\n        Ready: normal-true\\n      summary: [Ready]\\n      # observedGeneration:  # unknown: status, condition, both or none\\n",
           "defines": null, "timing": null}],
         "kinds": [{
           "group": "", "kind": "Node", "versions": ["v1"], "known": true, "suggestion": null, "timing": null,
           "lists": [{
             "path": "status.conditions", "recognisedAs": null,
             "conditionType": {
               "family": "node", "title": "k8s.io/api/core/v1.NodeCondition",
               "fields": {
                 "type": {"required": true, "requiredWhen": [], "nonEmpty": false},
                 "status": {"required": true, "requiredWhen": [], "nonEmpty": false},
                 "lastHeartbeatTime": {"required": false, "requiredWhen": [], "nonEmpty": false},
                 "lastTransitionTime": {"required": false, "requiredWhen": [], "nonEmpty": false},
                 "reason": {"required": false, "requiredWhen": [], "nonEmpty": false},
                 "message": {"required": false, "requiredWhen": [], "nonEmpty": false}},
               "changedFromFamily": [],
               "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}},
             "types": [
               {"type": "Ready", "polarity": "normal-true", "mayStandBesideSummary": false, "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}},
               {"type": "MemoryPressure", "polarity": "abnormal-true", "mayStandBesideSummary": false, "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}},
               {"type": "DiskPressure", "polarity": "abnormal-true", "mayStandBesideSummary": false, "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}},
               {"type": "PIDPressure", "polarity": "abnormal-true", "mayStandBesideSummary": false, "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}},
               {"type": "NetworkUnavailable", "polarity": "abnormal-true", "mayStandBesideSummary": false, "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}}],
             "typeEndings": [],
             "summary": {"types": ["Ready"], "all": false,
                         "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}},
             "observedGeneration": {"tracking": "none",
                                    "basis": {"source": "catalogue", "detail": "Kubernetes", "citation": "kubernetes/api core/v1/types.go@v0.36.3"}}}]}]}
        """);
    assertEquals(expected, json);
  }

  @Test
  void profileFlagDecidesTheProfilesPart() throws IOException {
    writeThing("{name: t}", "{type: Reconciling, status: \"True\"}");

    CliRun.Result r = explain("--profile", "kstatus", "thing.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals("""
        thing.yaml:1: Thing/t (things.example.org/v1)
          status.conditions, line 5
            condition type: unknown
              basis: nothing says, and its conditions' fields are those of no condition family
            types:
              Reconciling: abnormal-true (may be True beside a True summary: work under way or a deliberate state)
                basis: --profile kstatus
            summary: Ready
              basis: --profile kstatus
            observedGeneration: unknown
              basis: nothing says, and none of its conditions carries it
        """, r.out());
  }

  @Test
  void aWalkLeavesOutTestAssertionFilesAndSaysHowMany() throws IOException {
    Files.createDirectories(dir.resolve("e2e"));
    write("e2e/00-install.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    write("e2e/01-assert.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");
    write("e2e/02-errors.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");

    CliRun.Result r = explain("e2e");

    assertEquals(new CliRun.Result(0, "e2e/00-install.yaml:1: ConfigMap/settings (v1)\n  no condition lists\n",
        "condlint: note: left out 2 test assertion files (kuttl, chainsaw: partial objects); name one to explain it\n"), r);
  }

  @Test
  void unreadableInputIsAnErrorAtItsPositionAndTheOtherFilesAreStillExplained() throws IOException {
    write("bad.yaml", "a: [\n");
    write("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n");

    CliRun.Result r = explain("bad.yaml", "missing.yaml", "cm.yaml");

    assertEquals(2, r.exit());
    assertEquals("""
        bad.yaml:2:1: error: while parsing a flow node: expected the node content, but found '<stream end>'
        missing.yaml: error: no such file or directory
        """, r.err());
    assertEquals("cm.yaml:1: ConfigMap/settings (v1)\n  no condition lists\n", r.out());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "Deploymnet   | 'Deploymnet' is no file, directory or kind; did you mean 'Deployment.apps'?",
    "deploys      | 'deploys' is no file, directory or kind; did you mean 'Deployment.apps'?",
    "deploy/prod  | 'deploy/prod' is no file, directory or kind",
    "a/b/c/D      | 'a/b/c/D' is no file, directory or kind",
    "Rollout.Argo | 'Rollout.Argo' is no file, directory or kind; did you mean 'Rollout.argoproj.io'?",
  })
  void anArgumentThatIsNeitherAFileNorAKindIsAUsageError(String argument, String message) {
    CliRun.Result r = explain(argument);

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(message + " (a kind is named as kubectl names it: Deployment, deploy, deployments.apps,"
        + " Rollout.argoproj.io, argoproj.io/Rollout or argoproj.io/v1alpha1/Rollout)\n"
        + "Try 'condlint explain --help' for more information.\n", r.err());
  }

  @Test
  void aBadConfigurationIsReportedAtItsPosition() throws IOException {
    write(".condlint.yaml", "contracts:\n  - group: example.com\n    conditions: {family: metav2}\n");

    CliRun.Result r = explain("Pod");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(".condlint.yaml:3:26: error: contracts[0].conditions.family: 'metav2' is not a known condition family;"
        + " did you mean 'metav1'?", r.err().substring(0, r.err().indexOf(" (expected one of: ")));
  }

  @Test
  void aMissingConfigurationFileIsAnInputError() {
    CliRun.Result r = explain("--config", "none.yaml", "Pod");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals("none.yaml: error: no such file or directory\n", r.err());
  }

  @Test
  void anUnknownProfileIsAUsageError() {
    CliRun.Result r = explain("--profile", "fluxx", "Pod");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals("--profile: unknown profile 'fluxx'; did you mean 'flux'? (known: k8s, kstatus,"
        + " flux, knative, capi-v1beta2, capi-v1beta1, gateway-api, cert-manager)\n"
        + "Try 'condlint explain --help' for more information.\n", r.err());
  }

  @Test
  void namesFromTheInputAreEscapedForTheTerminal() throws IOException {
    write("esc.yaml", """
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: "w\\e[31m"}
        status:
          conditions:
          - {type: "Hot\\nForged: line", status: "True"}
        """);

    CliRun.Result r = explain("esc.yaml");

    assertEquals(0, r.exit(), r.err());
    assertEquals(
        NOTHING_KNOWN_EXPLAINED.formatted("esc.yaml:1: Widget/w\\u001B[31m (example.com/v1)", "Hot\\nForged: line",
            "example.com", "Widget", "\"Hot\\nForged: line\""),
        r.out());
  }
}
