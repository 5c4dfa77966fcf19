package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.bench.FluxCel;
import dev.condlint.health.export.ArgoCdLuaExport;
import dev.condlint.health.export.FluxCelExport;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.YamlDocuments;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The judgement on objects of five ecosystems, exactly (status, message, rule), and the exported Argo
 * CD Lua (run with luaj) and Flux CEL (run with the CEL library for Java) agreeing with it.
 */
class JudgementTest {
  private static final Instant NOW = Instant.parse("2026-09-01T00:00:00Z");
  private static final HealthAssessor ASSESSOR = new HealthAssessor(new Engine(Ruleset.builtIn(), Config.DEFAULT).contracts());

  static Stream<Arguments> objects() {
    return Stream.of(
        Arguments.of("""
            apiVersion: kustomize.toolkit.fluxcd.io/v1
            kind: Kustomization
            metadata: {name: apps, generation: 2}
            spec: {interval: 5m}
            status:
              observedGeneration: 2
              conditions:
              - {type: Ready, status: "False", reason: HealthCheckFailed, message: "timeout waiting for: [Deployment/web]", observedGeneration: 2}
            """, "Degraded", "timeout waiting for: [Deployment/web]", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: kustomize.toolkit.fluxcd.io/v1
            kind: Kustomization
            metadata: {name: apps, generation: 3}
            spec: {interval: 5m}
            status:
              observedGeneration: 2
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSucceeded, message: "Applied revision: main@sha1:1", observedGeneration: 2}
            """, "Progressing", "Generation 3 not yet observed: status.observedGeneration is 2", "generation", "InProgress"),
        Arguments.of("""
            apiVersion: kustomize.toolkit.fluxcd.io/v1
            kind: Kustomization
            metadata: {name: apps, generation: 2}
            spec: {suspend: true}
            status:
              observedGeneration: 2
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSucceeded, message: "Applied revision: main@sha1:1", observedGeneration: 2}
            """, "Suspended", "spec.suspend is true", "suspension", "Current"),
        Arguments.of("""
            apiVersion: cert-manager.io/v1
            kind: Certificate
            metadata: {name: web, generation: 4}
            spec: {secretName: web-tls}
            status:
              conditions:
              - {type: Ready, status: "True", reason: Ready, message: Certificate is up to date and has not expired, observedGeneration: 3}
            """, "Progressing", "Generation 4 not yet observed: Ready's observedGeneration is 3", "generation", "InProgress"),
        Arguments.of("""
            apiVersion: cert-manager.io/v1
            kind: Certificate
            metadata: {name: web, generation: 1}
            spec: {secretName: web-tls}
            """, "Progressing", "Waiting for Ready", "summary", "error"),
        Arguments.of("""
            apiVersion: s3.aws.upbound.io/v1beta1
            kind: Bucket
            metadata: {name: logs, generation: 1}
            spec: {forProvider: {region: eu-west-1}}
            status:
              conditions:
              - {type: Ready, status: "False", reason: Creating, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Synced, status: "True", reason: ReconcileSuccess, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Ready is False (Creating)", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: s3.aws.upbound.io/v1beta1
            kind: Bucket
            metadata: {name: logs, generation: 1}
            spec: {forProvider: {region: eu-west-1}}
            status:
              conditions:
              - {type: Ready, status: "False", reason: Creating, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Synced, status: "False", reason: ReconcileError, message: "cannot create bucket: AccessDenied", lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Degraded", "cannot create bucket: AccessDenied", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: serving.knative.dev/v1
            kind: Service
            metadata: {name: hello, generation: 2}
            spec: {template: {}}
            status:
              observedGeneration: 2
              conditions:
              - {type: ConfigurationsReady, status: "True"}
              - {type: Ready, status: "Unknown", reason: RolloutInProgress, message: A gradual rollout is in progress.}
            """, "Progressing", "A gradual rollout is in progress.", "summary", "InProgress"),
        Arguments.of("""
            apiVersion: cluster.x-k8s.io/v1beta2
            kind: MachineDeployment
            metadata: {name: md-0, generation: 5}
            spec: {replicas: 3}
            status:
              observedGeneration: 5
              conditions:
              - {type: Available, status: "True", reason: Available, observedGeneration: 5, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: RollingOut, status: "True", reason: RollingOut, message: "Rolling out 1 not up-to-date replicas", observedGeneration: 5, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Rolling out 1 not up-to-date replicas", "work-under-way", "InProgress"),
        // A Gateway: an HTTPRoute has no status.conditions (its API sums its health up per parent, EntryHealthTest).
        Arguments.of("""
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Accepted, status: "True", reason: Accepted, observedGeneration: 1}
              - {type: Programmed, status: "True", reason: Programmed, observedGeneration: 1}
              - {type: ServiceReady, status: "False", reason: NoEndpoints, message: "no ready endpoints", observedGeneration: 1}
            """, "Progressing", "no ready endpoints", "contradicted", "InProgress"),
        Arguments.of("""
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: public, generation: 1}
            spec: {gatewayClassName: eg}
            status:
              conditions:
              - {type: Accepted, status: "True", reason: Accepted, observedGeneration: 1}
              - {type: Programmed, status: "True", reason: Programmed, observedGeneration: 1}
              listeners:
              - name: http
                conditions:
                - {type: Accepted, status: "True", reason: Accepted, observedGeneration: 1}
                - {type: Programmed, status: "True", reason: Programmed, observedGeneration: 1}
              - name: https
                conditions:
                - {type: Accepted, status: "True", reason: Accepted, observedGeneration: 1}
                - {type: Programmed, status: "False", reason: Invalid, message: "certificate not found", observedGeneration: 1}
            """, "Progressing", "status.listeners[1]: certificate not found", "contradicted", "InProgress"),
        Arguments.of("""
            apiVersion: gateway.networking.k8s.io/v1
            kind: Gateway
            metadata: {name: public, generation: 1}
            spec: {gatewayClassName: eg}
            status:
              conditions:
              - {type: Accepted, status: "True", reason: Accepted, message: accepted, observedGeneration: 1}
              - {type: Programmed, status: "True", reason: Programmed, observedGeneration: 1}
              listeners:
              - name: http
                conditions:
                - {type: Accepted, status: "True", reason: Accepted, observedGeneration: 1}
                - {type: Programmed, status: "True", reason: Programmed, observedGeneration: 1}
              - name: legacy
            """, "Healthy", "accepted", "summary", "Current"),
        Arguments.of("""
            apiVersion: example.com/v1
            kind: Promotion
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSuccess}
              environments:
              - {branch: env/dev, phase: success}
              - {branch: env/prod, phase: failure}
              phaseTransitionHistory:
              - {phase: Pending}
            """, "Degraded", "status.environments[1].phase is failure", "phase", "Failed"),
        Arguments.of("""
            apiVersion: example.com/v1
            kind: Promotion
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              phase: Provisioning
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSuccess}
            """, "Progressing", "status.phase is Provisioning", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: example.com/v1
            kind: Promotion
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              phase: Running
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSuccess, message: all promoted}
              history:
              - {phase: Failed}
            """, "Healthy", "all promoted", "summary", "Current"),
        Arguments.of("""
            apiVersion: backup.example.com/v1
            kind: Backup
            metadata: {name: nightly, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Encrypted, status: "True"}
            """, "Unknown", "condlint does not know which condition sums up the health of Backup.backup.example.com:"
                + " declare its summary in the contracts of .condlint.yaml", "not-known", "InProgress"),
        // KEDA's Fallback True beside Ready True: the ScaledObject works in a degraded mode.
        Arguments.of("""
            apiVersion: keda.sh/v1alpha1
            kind: ScaledObject
            metadata: {name: web, generation: 1}
            spec: {scaleTargetRef: {name: web}}
            status:
              conditions:
              - {type: Ready, status: "True", reason: ScaledObjectReady, message: ScaledObject is defined correctly and is ready for scaling}
              - {type: Fallback, status: "True", reason: FallbackExists, message: At least one trigger is falling back on this scaled object}
            """, "Degraded", "At least one trigger is falling back on this scaled object", "abnormal-true", "Failed"),
        // OpenShift's Progressing True with ReplicationControllerUpdated: a rollout in the middle.
        Arguments.of("""
            apiVersion: apps.openshift.io/v1
            kind: DeploymentConfig
            metadata: {name: web, generation: 2}
            spec: {replicas: 3}
            status:
              observedGeneration: 2
              conditions:
              - {type: Available, status: "True", message: Deployment config has minimum availability.}
              - {type: Progressing, status: "True", reason: ReplicationControllerUpdated, message: replication controller "web-2" is progressing}
            """, "Progressing", "replication controller \"web-2\" is progressing", "work-under-way", "InProgress"),
        Arguments.of("""
            apiVersion: apps.openshift.io/v1
            kind: DeploymentConfig
            metadata: {name: web, generation: 2}
            spec: {replicas: 3}
            status:
              observedGeneration: 2
              conditions:
              - {type: Available, status: "True", message: Deployment config has minimum availability.}
              - {type: Progressing, status: "True", reason: NewReplicationControllerAvailable, message: replication controller "web-2" successfully rolled out}
            """, "Healthy", "Deployment config has minimum availability.", "summary", "Current"),
        // KServe's model transition status, outside the conditions.
        Arguments.of("""
            apiVersion: serving.kserve.io/v1beta1
            kind: InferenceService
            metadata: {name: model}
            spec: {predictor: {}}
            status:
              conditions:
              - {type: PredictorReady, status: "True"}
              - {type: Ready, status: "True"}
              modelStatus: {transitionStatus: BlockedByFailedLoad}
            """, "Degraded", "status.modelStatus.transitionStatus is BlockedByFailedLoad", "phase", "Failed"),
        // Crossplane: Ready and Synced must both hold.
        Arguments.of("""
            apiVersion: cloudfront.aws.crossplane.io/v1alpha1
            kind: Distribution
            metadata: {name: cdn, generation: 1}
            spec: {forProvider: {}}
            status:
              conditions:
              - {type: Synced, status: "True", reason: ReconcileSuccess, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Waiting for Ready", "summary", "InProgress"),
        // gitops-promoter: a commit status two lists deep, and a proposed commit not yet active.
        Arguments.of("""
            apiVersion: promoter.argoproj.io/v1alpha1
            kind: PromotionStrategy
            metadata: {name: app, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSuccess, message: Reconciliation succeeded, observedGeneration: 1}
              environments:
              - branch: dev
                active: {dry: {sha: abc}, commitStatuses: [{key: health, phase: pending}]}
                proposed: {dry: {sha: abc}}
                history:
                - active: {commitStatuses: [{key: health, phase: failure}]}
            """, "Progressing", "status.environments[0].active.commitStatuses[0].phase is pending", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: promoter.argoproj.io/v1alpha1
            kind: PromotionStrategy
            metadata: {name: app, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSuccess, message: Reconciliation succeeded, observedGeneration: 1}
              environments:
              - {branch: dev, active: {dry: {sha: abc}}, proposed: {dry: {sha: abc}}}
              - {branch: prod, active: {dry: {sha: old}}, proposed: {dry: {sha: abc}}}
            """, "Progressing", "status.environments[1]: proposed.dry.sha abc is not yet active.dry.sha (old)", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: promoter.argoproj.io/v1alpha1
            kind: PromotionStrategy
            metadata: {name: app, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Ready, status: "True", reason: ReconciliationSuccess, message: Reconciliation succeeded, observedGeneration: 1}
              environments:
              - {branch: dev, active: {dry: {sha: abc}, commitStatuses: [{key: health, phase: success}]}, proposed: {dry: {sha: abc}}}
            """, "Healthy", "Reconciliation succeeded", "summary", "Current"),
        // Argo Rollouts before the Healthy condition (v1.3): Progressing sums the rollout up.
        Arguments.of("""
            apiVersion: argoproj.io/v1alpha1
            kind: Rollout
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Available, status: "True", reason: AvailableReason, message: Rollout has minimum availability}
              - {type: Progressing, status: "True", reason: NewReplicaSetAvailable, message: ReplicaSet "web-1" has successfully progressed.}
            """, "Healthy", "ReplicaSet \"web-1\" has successfully progressed.", "summary", "Current"),
        Arguments.of("""
            apiVersion: argoproj.io/v1alpha1
            kind: Rollout
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Available, status: "False", reason: AvailableReason}
              - {type: Progressing, status: "True", reason: ReplicaSetUpdated, message: ReplicaSet "web-2" is progressing.}
            """, "Progressing", "ReplicaSet \"web-2\" is progressing.", "work-under-way", "InProgress"),
        Arguments.of("""
            apiVersion: argoproj.io/v1alpha1
            kind: Rollout
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Available, status: "True", reason: AvailableReason}
              - {type: Progressing, status: "False", reason: ProgressDeadlineExceeded, message: Rollout "web" has timed out progressing.}
            """, "Degraded", "Rollout \"web\" has timed out progressing.", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: argoproj.io/v1alpha1
            kind: Rollout
            metadata: {name: web, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: Progressing, status: Unknown, reason: RolloutPaused, message: Rollout is paused}
            """, "Suspended", "Rollout is paused", "suspension", "Current"),
        // ... and where no condition is reported, status.phase.
        Arguments.of("""
            apiVersion: argoproj.io/v1alpha1
            kind: Rollout
            metadata: {name: web, generation: 1}
            spec: {}
            status: {phase: Degraded, message: InvalidSpec}
            """, "Degraded", "status.phase is Degraded", "phase", "Failed"),
        // A Rollout that refers to a workload: the workload's generation not yet observed.
        Arguments.of("""
            apiVersion: argoproj.io/v1alpha1
            kind: Rollout
            metadata: {name: web, generation: 3, annotations: {rollout.argoproj.io/workload-generation: "2"}}
            spec: {workloadRef: {kind: Deployment, name: web}}
            status:
              phase: Healthy
              workloadObservedGeneration: "1"
              conditions:
              - {type: Healthy, status: "True", reason: RolloutHealthy}
            """, "Progressing", "metadata.annotations[rollout.argoproj.io/workload-generation] 2 not yet observed:"
                + " status.workloadObservedGeneration is 1", "generation", "InProgress"),
        // Config Connector's operator: no conditions, a boolean status.healthy.
        Arguments.of("""
            apiVersion: core.cnrm.cloud.google.com/v1beta1
            kind: ConfigConnector
            metadata: {name: configconnector.core.cnrm.cloud.google.com, generation: 2}
            spec: {mode: cluster}
            status: {healthy: false, observedGeneration: 2, errors: ["error during reconciliation"]}
            """, "Degraded", "status.healthy is false", "phase", "Failed"),
        Arguments.of("""
            apiVersion: core.cnrm.cloud.google.com/v1beta1
            kind: ConfigConnectorContext
            metadata: {name: configconnectorcontext.core.cnrm.cloud.google.com, namespace: team, generation: 1}
            spec: {googleServiceAccount: sa@example.iam.gserviceaccount.com}
            status: {healthy: true, observedGeneration: 1}
            """, "Healthy", "status.healthy is true", "phase", "Current"),
        // cert-manager: Ready False while Issuing is True is an issuance under way.
        Arguments.of("""
            apiVersion: cert-manager.io/v1
            kind: Certificate
            metadata: {name: web, generation: 1}
            spec: {secretName: web-tls}
            status:
              conditions:
              - {type: Issuing, status: "True", reason: DoesNotExist, message: Issuing certificate as Secret does not exist, observedGeneration: 1}
              - {type: Ready, status: "False", reason: DoesNotExist, message: Issuing certificate as Secret does not exist, observedGeneration: 1}
            """, "Progressing", "Issuing certificate as Secret does not exist", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: cert-manager.io/v1
            kind: Certificate
            metadata: {name: web, generation: 1}
            spec: {secretName: web-tls}
            status:
              conditions:
              - {type: Ready, status: "False", reason: DoesNotExist, message: Issuing certificate as Secret does not exist, observedGeneration: 1}
            """, "Degraded", "Issuing certificate as Secret does not exist", "terminal-reason", "Failed"),
        // CloudNativePG: a hibernated cluster, and a failing Ready while the phase names a step under way.
        Arguments.of("""
            apiVersion: postgresql.cnpg.io/v1
            kind: Cluster
            metadata: {name: db, generation: 1, annotations: {cnpg.io/hibernation: "on"}}
            spec: {instances: 3}
            status:
              phase: Cluster in healthy state
              conditions:
              - {type: Ready, status: "True", reason: ClusterIsReady, message: Cluster is Ready}
            """, "Suspended", "metadata.annotations[cnpg.io/hibernation] is on", "suspension", "Current"),
        Arguments.of("""
            apiVersion: postgresql.cnpg.io/v1
            kind: Cluster
            metadata: {name: db, generation: 1}
            spec: {instances: 3}
            status:
              phase: Setting up primary
              conditions:
              - {type: Ready, status: "False", reason: ClusterIsNotReady, message: Cluster Is Not Ready}
            """, "Progressing", "Cluster Is Not Ready", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: postgresql.cnpg.io/v1
            kind: Cluster
            metadata: {name: db, generation: 1}
            spec: {instances: 3}
            status:
              phase: Failing over
              conditions:
              - {type: Ready, status: "False", reason: ClusterIsNotReady, message: Cluster Is Not Ready}
            """, "Degraded", "Cluster Is Not Ready", "terminal-reason", "Failed"),
        // Cluster API v1beta1: a MachineDeployment's phase where Ready is not reported; a ClusterResourceSet's ResourcesApplied.
        Arguments.of("""
            apiVersion: cluster.x-k8s.io/v1beta1
            kind: MachineDeployment
            metadata: {name: workers, generation: 3}
            spec: {replicas: 5}
            status: {observedGeneration: 3, phase: Running, replicas: 5, readyReplicas: 5}
            """, "Healthy", "status.phase is Running", "phase", "Current"),
        Arguments.of("""
            apiVersion: addons.cluster.x-k8s.io/v1beta1
            kind: ClusterResourceSet
            metadata: {name: cni, generation: 1}
            spec: {clusterSelector: {}}
            status:
              observedGeneration: 1
              conditions:
              - {type: ResourcesApplied, status: "False", reason: RemoteClusterClientFailed, severity: Error, message: Failed to apply resources}
            """, "Degraded", "Failed to apply resources", "terminal-reason", "Failed"),
        // Cluster API AWS: a terminal failureMessage where no condition is reported.
        Arguments.of("""
            apiVersion: controlplane.cluster.x-k8s.io/v1beta2
            kind: AWSManagedControlPlane
            metadata: {name: eks, generation: 1}
            spec: {region: eu-west-1}
            status: {ready: false, failureMessage: EKS cluster in unexpected FAILED state}
            """, "Degraded", "status.failureMessage is EKS cluster in unexpected FAILED state", "phase", "Failed"),
        // A summary not reported beside a condition True that reports a problem (Strimzi's NotReady).
        Arguments.of("""
            apiVersion: kafka.strimzi.io/v1beta2
            kind: Kafka
            metadata: {name: events, generation: 1}
            spec: {kafka: {}}
            status:
              observedGeneration: 1
              conditions:
              - {type: NotReady, status: "True", reason: TimeoutException, message: Exceeded timeout of 300000ms}
            """, "Degraded", "Exceeded timeout of 300000ms", "abnormal-true", "Failed"),
        // A summary False with no reason, message or severity is no evidence of a failure that lasts: the
        // rest of the object decides as for a summary not yet decided, else work under way.
        Arguments.of("""
            apiVersion: operator.knative.dev/v1beta1
            kind: KnativeServing
            metadata: {name: knative-serving, generation: 1}
            spec: {}
            status:
              conditions:
              - {type: DependenciesInstalled, status: "True"}
              - {type: DeploymentsAvailable, status: "True"}
              - {type: InstallSucceeded, status: "True"}
              - {type: Ready, status: "False"}
            """, "Progressing", "Ready is False", "transient-reason", "InProgress"),
        // ... a condition that reports a problem makes it Degraded,
        Arguments.of("""
            apiVersion: capabilities.3scale.net/v1beta1
            kind: Backend
            metadata: {name: api, generation: 1}
            spec: {name: api}
            status:
              conditions:
              - {type: Failed, status: "True"}
              - {type: Invalid, status: "False"}
              - {type: Synced, status: "False"}
            """, "Degraded", "Failed is True", "abnormal-true", "Failed"),
        // ... and so does a field the kind's API gives a meaning that names a failure (Cluster API AWS's
        // terminal failureMessage);
        Arguments.of("""
            apiVersion: controlplane.cluster.x-k8s.io/v1beta2
            kind: AWSManagedControlPlane
            metadata: {name: eks, generation: 1}
            spec: {region: eu-west-1}
            status:
              ready: false
              failureMessage: EKS cluster in unexpected FAILED state
              conditions:
              - {type: Ready, status: "False"}
              - {type: EKSControlPlaneReady, status: "True"}
            """, "Degraded", "status.failureMessage is EKS cluster in unexpected FAILED state", "phase", "Failed"),
        // ... but a severity says what the failure is (Cluster API v1beta1: Warning and Error are failures).
        Arguments.of("""
            apiVersion: controlplane.cluster.x-k8s.io/v1beta2
            kind: AWSManagedControlPlane
            metadata: {name: eks, generation: 1}
            spec: {region: eu-west-1}
            status:
              conditions:
              - {type: Ready, status: "False", severity: Warning}
              - {type: EKSControlPlaneReady, status: "True"}
            """, "Degraded", "Ready is False", "terminal-reason", "Failed"),
        // MariaDB: Ready False with StatefulSetNotReady while the StatefulSet's pods become ready is the
        // controller at work (health-facts.json, underWayReasons); its own failure reasons stay failures.
        Arguments.of("""
            apiVersion: k8s.mariadb.com/v1alpha1
            kind: MariaDB
            metadata: {name: db, generation: 1}
            spec: {replicas: 3}
            status:
              conditions:
              - {type: Ready, status: "False", reason: StatefulSetNotReady, message: Not ready}
            """, "Progressing", "Not ready", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: k8s.mariadb.com/v1alpha1
            kind: MariaDB
            metadata: {name: db, generation: 1}
            spec: {replicas: 3}
            status:
              conditions:
              - {type: Ready, status: "False", reason: InitError, message: "error initializing: timeout"}
            """, "Degraded", "error initializing: timeout", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: mariadb.mmontes.io/v1alpha1
            kind: MariaDB
            metadata: {name: db, generation: 1}
            spec: {replicas: 1}
            status:
              conditions:
              - {type: Ready, status: "False", reason: RestoreNotComplete, message: Restoring backup}
            """, "Progressing", "Restoring backup", "transient-reason", "InProgress"));
  }

  /**
   * A Rollout's observedGeneration is a string (the generation in decimal since v1.0): condlint and the
   * Lua read its digits; Flux's own pre-check stops at it with an error before any expression runs.
   */
  @Test
  void readsAStringObservedGenerationOfDecimalDigits() throws Exception {
    JsonNode object = YamlDocuments.load("object.yaml", """
        apiVersion: argoproj.io/v1alpha1
        kind: Rollout
        metadata: {name: web, generation: 2}
        spec: {}
        status:
          observedGeneration: "1"
          conditions:
          - {type: Progressing, status: "True", reason: NewReplicaSetAvailable, message: done}
        """).documents().get(0).object();
    Assessment a = ASSESSOR.assess(object, NOW);
    assertEquals("Progressing | Generation 2 not yet observed: status.observedGeneration is 1 | generation",
        a.status().label() + " | " + a.message() + " | " + a.reason().rule().label());
    KindContract contract = ASSESSOR.contractOf(object);
    ArgoCdLua.Outcome lua = new ArgoCdLua("health.lua", ArgoCdLuaExport.script(contract), true).run(object);
    assertEquals("Progressing | Generation 2 not yet observed: status.observedGeneration is 1",
        lua.statusLabel() + " | " + lua.message());
    FluxCelExport.Expressions e = FluxCelExport.expressions(contract);
    FluxCel.Outcome flux = new FluxCel(e.inProgress(), e.failed(), e.current()).evaluate(object);
    assertEquals("error | .status.observedGeneration accessor error: not an int64", flux.label() + " | " + flux.error().orElse(""));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    // The same three judges, the same assessor and clock as the entries' cases.
    EntryHealthTest.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }

  /** Built-in kinds: kstatus's result, and what the kinds' APIs say beyond what kstatus reads. */
  static Stream<Arguments> builtIn() {
    return Stream.of(
        Arguments.of("""
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {name: widgets.example.com, generation: 1}
            spec: {group: example.com}
            status:
              conditions:
              - {type: NamesAccepted, status: "True", reason: NoConflicts}
              - {type: NonStructuralSchema, status: "True", reason: Violations, message: "spec.versions[0].schema.openAPIV3Schema.type: Required value"}
              - {type: Established, status: "True", reason: InitialNamesAccepted}
            """, "Degraded", "spec.versions[0].schema.openAPIV3Schema.type: Required value", "abnormal-true"),
        Arguments.of("""
            apiVersion: policy/v1
            kind: PodDisruptionBudget
            metadata: {name: web, generation: 2}
            spec: {minAvailable: 3}
            status: {observedGeneration: 2, currentHealthy: 2, desiredHealthy: 3, disruptionsAllowed: 0, expectedPods: 3}
            """, "Degraded", "currentHealthy 2 is below desiredHealthy 3", "built-in"),
        Arguments.of("""
            apiVersion: policy/v1
            kind: PodDisruptionBudget
            metadata: {name: web}
            spec: {minAvailable: 1}
            """, "Progressing", "Waiting for the disruption controller to observe the budget", "built-in"),
        Arguments.of("""
            apiVersion: batch/v1
            kind: CronJob
            metadata: {name: backup}
            spec: {schedule: "0 * * * *"}
            status: {lastScheduleTime: "2026-08-31T23:00:00Z", lastSuccessfulTime: "2026-08-31T22:00:05Z"}
            """, "Degraded", "The Job scheduled at 2026-08-31T23:00:00Z did not succeed: the last success was at 2026-08-31T22:00:05Z",
            "built-in"),
        Arguments.of("""
            apiVersion: batch/v1
            kind: CronJob
            metadata: {name: backup}
            spec: {schedule: "0 * * * *"}
            status: {lastScheduleTime: "2026-08-31T23:00:00Z", lastSuccessfulTime: "2026-08-31T23:00:04Z"}
            """, "Healthy", "Resource is always ready", "built-in"),
        // An abnormal type named by an activity (Modifying...) reports one under way, not a failure.
        Arguments.of("""
            apiVersion: v1
            kind: PersistentVolumeClaim
            metadata: {name: data}
            spec: {resources: {requests: {storage: 1Gi}}}
            status:
              phase: Bound
              conditions:
              - {type: ModifyingVolume, status: "True"}
            """, "Progressing", "ModifyingVolume is True", "work-under-way"));
  }

  @ParameterizedTest
  @MethodSource("builtIn")
  void judgesBuiltInKindsBeyondKstatus(String yaml, String status, String message, String rule) {
    JsonNode object = YamlDocuments.load("object.yaml", yaml).documents().get(0).object();
    Assessment a = ASSESSOR.assess(object, NOW);
    assertEquals(status + " | " + message + " | " + rule,
        a.status().label() + " | " + a.message() + " | " + a.reason().rule().label());
  }
}
