package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kinds whose API reports no summary condition but sums their health up in fields outside the
 * conditions (health-facts.json's {@code stateFields}): healthy, work under way and failure as each
 * kind's API defines them, judged by condlint, the exported Argo CD Lua and the exported Flux CEL alike.
 */
class StateFieldsTest {
  static Stream<Arguments> objects() {
    return Stream.of(
        // Percona: the cluster's state.
        Arguments.of("""
            apiVersion: pxc.percona.com/v1
            kind: PerconaXtraDBCluster
            metadata: {name: db, namespace: mysql, generation: 1}
            spec: {crVersion: 1.15.0}
            status: {observedGeneration: 1, ready: 3, size: 3, state: ready}
            """, "Healthy", "status.state is ready", "phase", "Current"),
        Arguments.of("""
            apiVersion: pxc.percona.com/v1
            kind: PerconaXtraDBCluster
            metadata: {name: db, namespace: mysql, generation: 1}
            spec: {crVersion: 1.15.0}
            status: {observedGeneration: 1, ready: 1, size: 3, state: error, message: [we lost node]}
            """, "Degraded", "status.state is error", "phase", "Failed"),
        Arguments.of("""
            apiVersion: psmdb.percona.com/v1
            kind: PerconaServerMongoDB
            metadata: {name: db, namespace: mongo, generation: 1}
            spec: {crVersion: 1.17.0}
            status: {observedGeneration: 1, ready: 0, size: 3, state: initializing}
            """, "Progressing", "status.state is initializing", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: psmdb.percona.com/v1
            kind: PerconaServerMongoDB
            metadata: {name: db, namespace: mongo, generation: 1}
            spec: {crVersion: 1.17.0}
            status: {observedGeneration: 1, ready: 0, size: 3, state: paused}
            """, "Suspended", "status.state is paused", "phase", "Current"),
        // Keptn: a KeptnState in status.status or status.overallStatus; an Analysis's state and pass.
        Arguments.of("""
            apiVersion: lifecycle.keptn.sh/v1
            kind: KeptnAppVersion
            metadata: {name: podtato-1, namespace: demo}
            spec: {appName: podtato, version: "1"}
            status: {currentPhase: Completed, status: Succeeded}
            """, "Healthy", "status.status is Succeeded", "phase", "Current"),
        Arguments.of("""
            apiVersion: lifecycle.keptn.sh/v1
            kind: KeptnTask
            metadata: {name: pre-check, namespace: demo}
            spec: {taskDefinition: check}
            status: {jobName: pre-check-1, status: Failed}
            """, "Degraded", "status.status is Failed", "phase", "Failed"),
        Arguments.of("""
            apiVersion: lifecycle.keptn.sh/v1
            kind: KeptnEvaluation
            metadata: {name: pre-eval, namespace: demo}
            spec: {evaluationDefinition: slo}
            status: {overallStatus: Progressing, retryCount: 1}
            """, "Progressing", "status.overallStatus is Progressing", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: metrics.keptn.sh/v1
            kind: Analysis
            metadata: {name: canary, namespace: demo}
            spec: {analysisDefinition: {name: slo}}
            status: {state: Completed, pass: true}
            """, "Healthy", "status.pass is true", "phase", "Current"),
        Arguments.of("""
            apiVersion: metrics.keptn.sh/v1
            kind: Analysis
            metadata: {name: canary, namespace: demo}
            spec: {analysisDefinition: {name: slo}}
            status: {state: Progressing}
            """, "Progressing", "status.state is Progressing", "phase", "InProgress"),
        // AWX: the job's status.
        Arguments.of("""
            apiVersion: tower.ansible.com/v1alpha1
            kind: AnsibleJob
            metadata: {name: deploy, namespace: awx}
            spec: {job_template_name: deploy, tower_auth_secret: awx}
            status: {ansibleJobResult: {status: running, failed: false}}
            """, "Progressing", "status.ansibleJobResult.status is running", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: tower.ansible.com/v1alpha1
            kind: AnsibleJob
            metadata: {name: deploy, namespace: awx}
            spec: {job_template_name: deploy, tower_auth_secret: awx}
            status: {ansibleJobResult: {status: failed, failed: true}}
            """, "Degraded", "status.ansibleJobResult.status is failed", "phase", "Failed"),
        Arguments.of("""
            apiVersion: tower.ansible.com/v1alpha1
            kind: AnsibleJob
            metadata: {name: deploy, namespace: awx}
            spec: {job_template_name: deploy, tower_auth_secret: awx}
            status: {}
            """, "Progressing", "Waiting for status.ansibleJobResult.status", "phase", "InProgress"),
        // Grafana operator: the stage and its result.
        Arguments.of("""
            apiVersion: grafana.integreatly.org/v1beta1
            kind: Grafana
            metadata: {name: grafana, namespace: monitoring}
            spec: {}
            status: {stage: complete, stageStatus: success}
            """, "Healthy", "status.stage is complete", "phase", "Current"),
        Arguments.of("""
            apiVersion: grafana.integreatly.org/v1beta1
            kind: Grafana
            metadata: {name: grafana, namespace: monitoring}
            spec: {}
            status: {stage: deployment, stageStatus: success}
            """, "Progressing", "status.stage is deployment", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: grafana.integreatly.org/v1beta1
            kind: Grafana
            metadata: {name: grafana, namespace: monitoring}
            spec: {}
            status: {stage: ingress, stageStatus: failed}
            """, "Degraded", "status.stageStatus is failed", "phase", "Failed"),
        // Flagger: the canary's phase (Promoted reports the last analysis, not the canary's health).
        Arguments.of("""
            apiVersion: flagger.app/v1beta1
            kind: Canary
            metadata: {name: podinfo, namespace: test}
            spec: {targetRef: {apiVersion: apps/v1, kind: Deployment, name: podinfo}}
            status:
              phase: Succeeded
              conditions:
              - {type: Promoted, status: "True", reason: Succeeded, message: Canary analysis completed successfully, promotion finished.}
            """, "Healthy", "status.phase is Succeeded", "phase", "Current"),
        Arguments.of("""
            apiVersion: flagger.app/v1beta1
            kind: Canary
            metadata: {name: podinfo, namespace: test}
            spec: {targetRef: {apiVersion: apps/v1, kind: Deployment, name: podinfo}}
            status:
              phase: Progressing
              canaryWeight: 10
              conditions:
              - {type: Promoted, status: "Unknown", reason: Progressing, message: New revision detected, progressing canary analysis.}
            """, "Progressing", "status.phase is Progressing", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: flagger.app/v1beta1
            kind: Canary
            metadata: {name: podinfo, namespace: test}
            spec: {targetRef: {apiVersion: apps/v1, kind: Deployment, name: podinfo}}
            status:
              phase: Failed
              conditions:
              - {type: Promoted, status: "False", reason: Failed, message: Canary analysis failed, Deployment scaled to zero.}
            """, "Degraded", "status.phase is Failed", "phase", "Failed"),
        Arguments.of("""
            apiVersion: flagger.app/v1beta1
            kind: Canary
            metadata: {name: podinfo, namespace: test}
            spec: {targetRef: {apiVersion: apps/v1, kind: Deployment, name: podinfo}}
            status: {phase: WaitingPromotion}
            """, "Suspended", "status.phase is WaitingPromotion", "phase", "Current"),
        // Rook: an object store's phase.
        Arguments.of("""
            apiVersion: ceph.rook.io/v1
            kind: CephObjectStore
            metadata: {name: store, namespace: rook-ceph}
            spec: {gateway: {port: 80}}
            status: {phase: Ready}
            """, "Healthy", "status.phase is Ready", "phase", "Current"),
        Arguments.of("""
            apiVersion: ceph.rook.io/v1
            kind: CephObjectStore
            metadata: {name: store, namespace: rook-ceph}
            spec: {gateway: {port: 80}}
            status: {phase: Failure}
            """, "Degraded", "status.phase is Failure", "phase", "Failed"),
        // OLM: a Subscription's state; its condition types are all abnormal when True and decide first.
        Arguments.of("""
            apiVersion: operators.coreos.com/v1alpha1
            kind: Subscription
            metadata: {name: etcd, namespace: operators}
            spec: {channel: stable, name: etcd, source: operatorhubio-catalog, sourceNamespace: olm}
            status:
              state: AtLatestKnown
              installedCSV: etcdoperator.v0.9.4
              conditions:
              - {type: CatalogSourcesUnhealthy, status: "False", reason: AllCatalogSourcesHealthy, message: all available catalogsources are healthy}
            """, "Healthy", "status.state is AtLatestKnown", "phase", "Current"),
        Arguments.of("""
            apiVersion: operators.coreos.com/v1alpha1
            kind: Subscription
            metadata: {name: etcd, namespace: operators}
            spec: {channel: stable, name: etcd, source: operatorhubio-catalog, sourceNamespace: olm}
            status:
              conditions:
              - {type: CatalogSourcesUnhealthy, status: "False", reason: AllCatalogSourcesHealthy, message: all available catalogsources are healthy}
            """, "Progressing", "Waiting for status.state", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: operators.coreos.com/v1alpha1
            kind: Subscription
            metadata: {name: etcd, namespace: operators}
            spec: {channel: stable, name: etcd, source: operatorhubio-catalog, sourceNamespace: olm}
            status:
              state: AtLatestKnown
              conditions:
              - {type: CatalogSourcesUnhealthy, status: "True", reason: UnhealthyCatalogSourceFound, message: targeted catalogsource olm/operatorhubio-catalog unhealthy}
            """, "Degraded", "targeted catalogsource olm/operatorhubio-catalog unhealthy", "abnormal-true", "Failed"),
        // KubeVirt: a VirtualMachine's printable status, a VirtualMachineInstance's phase.
        Arguments.of("""
            apiVersion: kubevirt.io/v1
            kind: VirtualMachine
            metadata: {name: vm, namespace: default}
            spec: {runStrategy: Always}
            status:
              printableStatus: Starting
              conditions:
              - {type: Ready, status: "False", reason: GuestNotRunning, message: Guest VM is not reported as running}
            """, "Progressing", "Guest VM is not reported as running", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: kubevirt.io/v1
            kind: VirtualMachine
            metadata: {name: vm, namespace: default}
            spec: {runStrategy: Manual}
            status: {printableStatus: Stopped}
            """, "Suspended", "status.printableStatus is Stopped", "phase", "Current"),
        Arguments.of("""
            apiVersion: kubevirt.io/v1
            kind: VirtualMachineInstance
            metadata: {name: vm, namespace: default}
            spec: {domain: {devices: {}}}
            status: {}
            """, "Progressing", "Waiting for status.phase", "phase", "InProgress"),
        // CDI: a DataVolume's phase.
        Arguments.of("""
            apiVersion: cdi.kubevirt.io/v1beta1
            kind: DataVolume
            metadata: {name: disk, namespace: default}
            spec: {source: {http: {url: "https://example.com/disk.img"}}}
            status:
              phase: ImportInProgress
              progress: 45.00%
              conditions:
              - {type: Bound, status: "True", reason: Bound, message: PVC disk Bound}
              - {type: Ready, status: "False", reason: TransferRunning, message: Import in progress}
            """, "Progressing", "Import in progress", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: cdi.kubevirt.io/v1beta1
            kind: DataVolume
            metadata: {name: disk, namespace: default}
            spec: {source: {http: {url: "https://example.com/disk.img"}}}
            status:
              phase: Succeeded
              progress: 100.0%
              conditions:
              - {type: Bound, status: "True", reason: Bound, message: PVC disk Bound}
              - {type: Ready, status: "True", message: Import Complete}
            """, "Healthy", "Import Complete", "summary", "Current"),
        // external-snapshotter: readyToUse and the last error.
        Arguments.of("""
            apiVersion: snapshot.storage.k8s.io/v1
            kind: VolumeSnapshot
            metadata: {name: data, namespace: db}
            spec: {source: {persistentVolumeClaimName: data}}
            status: {boundVolumeSnapshotContentName: snapcontent-1, readyToUse: true, restoreSize: 1Gi}
            """, "Healthy", "status.readyToUse is true", "phase", "Current"),
        Arguments.of("""
            apiVersion: snapshot.storage.k8s.io/v1
            kind: VolumeSnapshot
            metadata: {name: data, namespace: db}
            spec: {source: {persistentVolumeClaimName: data}}
            status: {boundVolumeSnapshotContentName: snapcontent-1, readyToUse: false}
            """, "Progressing", "status.readyToUse is false", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: snapshot.storage.k8s.io/v1
            kind: VolumeSnapshot
            metadata: {name: data, namespace: db}
            spec: {source: {persistentVolumeClaimName: data}}
            status: {}
            """, "Progressing", "Waiting for status.readyToUse", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: snapshot.storage.k8s.io/v1
            kind: VolumeSnapshotContent
            metadata: {name: snapcontent-1}
            spec: {driver: ebs.csi.aws.com}
            status:
              readyToUse: false
              error: {message: "failed to take snapshot: rpc error: code = Internal", time: "2026-08-01T00:00:00Z"}
            """, "Degraded", "status.error.message is failed to take snapshot: rpc error: code = Internal", "phase",
            "Failed"),
        // MinIO: the controller's standard status messages.
        Arguments.of("""
            apiVersion: minio.min.io/v2
            kind: Tenant
            metadata: {name: store, namespace: minio}
            spec: {pools: [{servers: 4, volumesPerServer: 2}]}
            status: {currentState: Initialized, healthStatus: green}
            """, "Healthy", "status.currentState is Initialized", "phase", "Current"),
        Arguments.of("""
            apiVersion: minio.min.io/v2
            kind: Tenant
            metadata: {name: store, namespace: minio}
            spec: {pools: [{servers: 4, volumesPerServer: 2}]}
            status: {currentState: Provisioning MinIO Statefulset}
            """, "Progressing", "status.currentState is Provisioning MinIO Statefulset", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: minio.min.io/v2
            kind: Tenant
            metadata: {name: store, namespace: minio}
            spec: {pools: [{servers: 4, volumesPerServer: 2}]}
            status: {currentState: Initialized, healthStatus: red}
            """, "Degraded", "status.healthStatus is red", "phase", "Failed"),
        Arguments.of("""
            apiVersion: minio.min.io/v2
            kind: Tenant
            metadata: {name: store, namespace: minio}
            spec: {pools: [{servers: 4, volumesPerServer: 2}]}
            status: {currentState: Another MinIO Tenant already exists in the namespace}
            """, "Degraded", "status.currentState is Another MinIO Tenant already exists in the namespace", "phase",
            "Failed"),
        // A value the API gives no meaning: condlint says less.
        Arguments.of("""
            apiVersion: minio.min.io/v2
            kind: Tenant
            metadata: {name: store, namespace: minio}
            spec: {pools: [{servers: 4, volumesPerServer: 2}]}
            status: {currentState: Something else}
            """, "Unknown", "condlint does not know which condition sums up the health of Tenant.minio.min.io: declare its"
            + " summary in the contracts of .condlint.yaml", "not-known", "InProgress"),
        // ECK: phase and health; green health alone is never Healthy (it is the shards', not the nodes').
        Arguments.of("""
            apiVersion: elasticsearch.k8s.elastic.co/v1
            kind: Elasticsearch
            metadata: {name: logs, namespace: elastic}
            spec: {version: 8.15.0, nodeSets: [{name: default, count: 3}]}
            status: {availableNodes: 3, health: green, phase: ApplyingChanges}
            """, "Progressing", "status.phase is ApplyingChanges", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: elasticsearch.k8s.elastic.co/v1
            kind: Elasticsearch
            metadata: {name: logs, namespace: elastic}
            spec: {version: 8.15.0, nodeSets: [{name: default, count: 3}]}
            status: {availableNodes: 3, health: red, phase: Ready}
            """, "Degraded", "status.health is red", "phase", "Failed"),
        Arguments.of("""
            apiVersion: elasticsearch.k8s.elastic.co/v1
            kind: Elasticsearch
            metadata: {name: logs, namespace: elastic}
            spec: {version: 8.15.0, nodeSets: [{name: default, count: 3}]}
            status: {availableNodes: 3, health: green, phase: Ready}
            """, "Unknown", "condlint does not know which condition sums up the health of"
            + " Elasticsearch.elasticsearch.k8s.elastic.co: declare its summary in the contracts of .condlint.yaml",
            "not-known", "InProgress"),
        Arguments.of("""
            apiVersion: beat.k8s.elastic.co/v1beta1
            kind: Beat
            metadata: {name: metrics, namespace: elastic, generation: 1}
            spec: {type: metricbeat, version: 8.15.0}
            status: {expectedNodes: 2, availableNodes: 2, health: green, observedGeneration: 1}
            """, "Healthy", "status.health is green", "phase", "Current"),
        Arguments.of("""
            apiVersion: beat.k8s.elastic.co/v1beta1
            kind: Beat
            metadata: {name: metrics, namespace: elastic, generation: 1}
            spec: {type: metricbeat, version: 8.15.0}
            status: {expectedNodes: 2, availableNodes: 1, health: yellow, observedGeneration: 1}
            """, "Progressing", "status.health is yellow", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: logstash.k8s.elastic.co/v1alpha1
            kind: Logstash
            metadata: {name: ingest, namespace: elastic}
            spec: {version: 8.15.0, count: 1}
            status: {health: red}
            """, "Degraded", "status.health is red", "phase", "Failed"),
        Arguments.of("""
            apiVersion: logstash.k8s.elastic.co/v1alpha1
            kind: Logstash
            metadata: {name: ingest, namespace: elastic}
            spec: {version: 8.15.0, count: 1}
            status: {health: green}
            """, "Healthy", "status.health is green", "phase", "Current"),
        // Spark operator: the application's state.
        Arguments.of("""
            apiVersion: sparkoperator.k8s.io/v1beta2
            kind: SparkApplication
            metadata: {name: pi, namespace: spark}
            spec: {type: Scala, mode: cluster}
            status: {applicationState: {state: COMPLETED}}
            """, "Healthy", "status.applicationState.state is COMPLETED", "phase", "Current"),
        Arguments.of("""
            apiVersion: sparkoperator.k8s.io/v1beta2
            kind: SparkApplication
            metadata: {name: pi, namespace: spark}
            spec: {type: Scala, mode: cluster}
            status: {applicationState: {state: PENDING_RERUN}}
            """, "Progressing", "status.applicationState.state is PENDING_RERUN", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: sparkoperator.k8s.io/v1beta2
            kind: SparkApplication
            metadata: {name: pi, namespace: spark}
            spec: {type: Scala, mode: cluster}
            status: {applicationState: {state: SUBMISSION_FAILED, errorMessage: "driver pod failed"}}
            """, "Degraded", "status.applicationState.state is SUBMISSION_FAILED", "phase", "Failed"),
        // Flink operator: the JobManager, the job, and the resource's lifecycle.
        Arguments.of("""
            apiVersion: flink.apache.org/v1beta1
            kind: FlinkDeployment
            metadata: {name: wordcount, namespace: flink}
            spec: {flinkVersion: v1_19}
            status: {jobManagerDeploymentStatus: READY, jobStatus: {state: RUNNING}, lifecycleState: STABLE}
            """, "Healthy", "status.lifecycleState is STABLE", "phase", "Current"),
        Arguments.of("""
            apiVersion: flink.apache.org/v1beta1
            kind: FlinkDeployment
            metadata: {name: wordcount, namespace: flink}
            spec: {flinkVersion: v1_19}
            status: {jobManagerDeploymentStatus: READY, jobStatus: {state: RUNNING}, lifecycleState: DEPLOYED}
            """, "Progressing", "status.lifecycleState is DEPLOYED", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: flink.apache.org/v1beta1
            kind: FlinkDeployment
            metadata: {name: wordcount, namespace: flink}
            spec: {flinkVersion: v1_19}
            status: {jobManagerDeploymentStatus: ERROR, lifecycleState: FAILED}
            """, "Degraded", "status.jobManagerDeploymentStatus is ERROR", "phase", "Failed"),
        Arguments.of("""
            apiVersion: flink.apache.org/v1beta1
            kind: FlinkDeployment
            metadata: {name: wordcount, namespace: flink}
            spec: {flinkVersion: v1_19}
            status: {jobManagerDeploymentStatus: MISSING, jobStatus: {state: SUSPENDED}}
            """, "Suspended", "status.jobStatus.state is SUSPENDED", "phase", "Current"),
        // Karmada: a binding's items per member cluster, and the generation its scheduler observed
        // (karmada-io/karmada pkg/apis/work/v1alpha2/binding_types.go@f8fdd02df376).
        Arguments.of("""
            apiVersion: work.karmada.io/v1alpha2
            kind: ResourceBinding
            metadata: {name: web-deployment, namespace: default, generation: 7}
            spec: {resource: {apiVersion: apps/v1, kind: Deployment, name: web}}
            status:
              schedulerObservedGeneration: 7
              conditions:
              - {type: Scheduled, status: "True", reason: Success, message: Binding has been scheduled successfully., lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: FullyApplied, status: "True", reason: FullyAppliedSuccess, message: All works have been successfully applied, lastTransitionTime: "2026-08-01T00:00:00Z"}
              aggregatedStatus:
              - {clusterName: member1, applied: true, health: Healthy}
              - {clusterName: member2, applied: true, health: Healthy}
            """, "Healthy", "status.aggregatedStatus[0].health is Healthy", "phase", "Current"),
        Arguments.of("""
            apiVersion: work.karmada.io/v1alpha2
            kind: ClusterResourceBinding
            metadata: {name: web-clusterrole, generation: 2}
            spec: {resource: {apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRole, name: web}}
            status:
              schedulerObservedGeneration: 2
              aggregatedStatus:
              - {clusterName: member1, applied: true, health: Healthy}
              - {clusterName: member2, applied: false, appliedMessage: "failed to create clusterroles.rbac.authorization.k8s.io web: forbidden", health: Unknown}
            """, "Degraded", "failed to create clusterroles.rbac.authorization.k8s.io web: forbidden", "phase", "Failed"),
        Arguments.of("""
            apiVersion: work.karmada.io/v1alpha2
            kind: ResourceBinding
            metadata: {name: web-deployment, namespace: default, generation: 7}
            spec: {resource: {apiVersion: apps/v1, kind: Deployment, name: web}}
            status:
              schedulerObservedGeneration: 7
              aggregatedStatus:
              - {clusterName: member1, applied: true, health: Healthy}
              - {clusterName: member2, applied: true, health: Unhealthy}
            """, "Degraded", "status.aggregatedStatus[1].health is Unhealthy", "phase", "Failed"),
        Arguments.of("""
            apiVersion: work.karmada.io/v1alpha2
            kind: ResourceBinding
            metadata: {name: web-deployment, namespace: default, generation: 7}
            spec: {resource: {apiVersion: apps/v1, kind: Deployment, name: web}}
            status:
              schedulerObservedGeneration: 7
              aggregatedStatus:
              - {clusterName: member1, applied: true, health: Healthy}
              - {clusterName: member2, applied: true, health: Unknown}
            """, "Unknown", "status.aggregatedStatus[1].health is Unknown", "phase", "InProgress"),
        Arguments.of("""
            apiVersion: work.karmada.io/v1alpha2
            kind: ResourceBinding
            metadata: {name: web-deployment, namespace: default, generation: 8}
            spec: {resource: {apiVersion: apps/v1, kind: Deployment, name: web}}
            status:
              schedulerObservedGeneration: 7
              aggregatedStatus:
              - {clusterName: member1, applied: true, health: Healthy}
            """, "Progressing", "Generation 8 not yet observed: status.schedulerObservedGeneration is 7", "generation",
            "InProgress"),
        // Not yet scheduled: the field unset is 0, less than the generation.
        Arguments.of("""
            apiVersion: work.karmada.io/v1alpha2
            kind: ResourceBinding
            metadata: {name: web-deployment, namespace: default, generation: 1}
            spec: {resource: {apiVersion: apps/v1, kind: Deployment, name: web}}
            status: {}
            """, "Progressing", "Generation 1 not yet observed: status.schedulerObservedGeneration is 0 (not set)",
            "generation", "InProgress"),
        // Open Cluster Management: the compliance of a spec not yet evaluated is the older spec's
        // (config-policy-controller api/v1/configurationpolicy_types.go@ecf24b4086f3).
        Arguments.of("""
            apiVersion: policy.open-cluster-management.io/v1
            kind: ConfigurationPolicy
            metadata: {name: policy-namespace, namespace: local-cluster, generation: 3}
            spec: {remediationAction: inform}
            status: {compliant: NonCompliant, lastEvaluatedGeneration: 2}
            """, "Progressing", "Generation 3 not yet observed: status.lastEvaluatedGeneration is 2", "generation",
            "InProgress"),
        Arguments.of("""
            apiVersion: policy.open-cluster-management.io/v1
            kind: ConfigurationPolicy
            metadata: {name: policy-namespace, namespace: local-cluster, generation: 3}
            spec: {remediationAction: inform}
            status: {compliant: NonCompliant}
            """, "Degraded", "status.compliant is NonCompliant", "phase", "Failed"),
        // KubeVirt: a stopped VirtualMachine's Ready is False, VMINotExists; its printableStatus names the stop
        // (kubevirt/api core/v1/types.go@c3275b31894b).
        Arguments.of("""
            apiVersion: kubevirt.io/v1
            kind: VirtualMachine
            metadata: {name: testvm, namespace: default, generation: 2}
            spec: {runStrategy: Halted, template: {spec: {domain: {devices: {}}}}}
            status:
              conditions:
              - {type: Ready, status: "False", reason: VMINotExists, message: VMI does not exist, lastTransitionTime: "2026-08-01T00:00:00Z"}
              printableStatus: Stopped
            """, "Suspended", "status.printableStatus is Stopped", "suspension", "Current"),
        // ACK: a failure is reported by ACK.Terminal or ACK.Recoverable True; Ready False without them is the
        // sync under way (aws-controllers-k8s/runtime pkg/runtime/reconciler.go@95428e7b79a3, ensureConditions).
        Arguments.of("""
            apiVersion: s3.services.k8s.aws/v1alpha1
            kind: Bucket
            metadata: {name: logs, namespace: default, generation: 1}
            spec: {name: logs}
            status:
              conditions:
              - {type: ACK.ResourceSynced, status: "False", reason: bucket in CREATING state, message: bucket in CREATING state}
              - {type: Ready, status: "False", reason: bucket in CREATING state, message: bucket in CREATING state}
            """, "Progressing", "bucket in CREATING state", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: s3.services.k8s.aws/v1alpha1
            kind: Bucket
            metadata: {name: logs, namespace: default, generation: 1}
            spec: {name: logs}
            status:
              conditions:
              - {type: ACK.Terminal, status: "True", reason: InvalidParameter, message: "InvalidBucketName: the bucket name is invalid"}
              - {type: ACK.ResourceSynced, status: "False", reason: resource is in terminal condition, message: Resource not synced}
              - {type: Ready, status: "False", reason: ACK.Terminal, message: "InvalidBucketName: the bucket name is invalid"}
            """, "Degraded", "InvalidBucketName: the bucket name is invalid", "terminal-reason", "Failed"),
        // Config Connector: a dependency not yet ready is waited for (k8s-config-connector
        // pkg/controller/lifecyclehandler/handler.go@cdb85ecf1708); one not found is a failure to fix.
        Arguments.of("""
            apiVersion: sql.cnrm.cloud.google.com/v1beta1
            kind: SQLDatabase
            metadata: {name: db, namespace: default, generation: 1}
            spec: {instanceRef: {name: sql}}
            status:
              observedGeneration: 1
              conditions:
              - {type: Ready, status: "False", reason: DependencyNotReady, message: reference SQLInstance default/sql is not ready, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "reference SQLInstance default/sql is not ready", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: sql.cnrm.cloud.google.com/v1beta1
            kind: SQLDatabase
            metadata: {name: db, namespace: default, generation: 1}
            spec: {instanceRef: {name: sql}}
            status:
              observedGeneration: 1
              conditions:
              - {type: Ready, status: "False", reason: DependencyNotFound, message: reference SQLInstance default/sql is not found, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Degraded", "reference SQLInstance default/sql is not found", "terminal-reason", "Failed"),
        // Flux: a HelmRepository of type oci is a static object, never reconciled (fluxcd/source-controller
        // internal/controller/helmrepository_controller.go@39b711b111fa, migrationToStatic); one of type default
        // without status awaits its Ready.
        Arguments.of("""
            apiVersion: source.toolkit.fluxcd.io/v1
            kind: HelmRepository
            metadata: {name: podinfo, namespace: default, generation: 1}
            spec: {type: oci, interval: 5m0s, url: "oci://ghcr.io/stefanprodan/charts"}
            status: {}
            """, "Healthy", "spec.type is oci: a static object, which its controller does not reconcile", "static", "Current"),
        Arguments.of("""
            apiVersion: source.toolkit.fluxcd.io/v1
            kind: HelmRepository
            metadata: {name: podinfo, namespace: default, generation: 1}
            spec: {type: default, interval: 5m0s, url: "https://stefanprodan.github.io/podinfo"}
            status: {}
            """, "Progressing", "Waiting for Ready", "summary", "InProgress"),
        // Camel K: one controller strategy is in use; the other strategies' conditions are False
        // (apache/camel-k pkg/trait/deployment.go, cron.go@4782ebd227bf). Its CRD shows Ready in a column.
        Arguments.of("""
            apiVersion: camel.apache.org/v1
            kind: Integration
            metadata: {name: hello, namespace: default, generation: 1}
            spec: {sources: [{name: hello.yaml}]}
            status:
              phase: Running
              conditions:
              - {type: CronJobAvailable, status: "False", reason: CronJobNotAvailableReason, message: different controller strategy used (knative-service)}
              - {type: DeploymentAvailable, status: "False", reason: DeploymentAvailable, message: "controller strategy: knative-service"}
              - {type: KnativeServiceAvailable, status: "True", reason: KnativeServiceAvailable, message: Knative service name is hello}
              - {type: Ready, status: "True", reason: KnativeServiceReady}
            """, "Healthy", "Ready is True (KnativeServiceReady)", "summary", "Current"),
        Arguments.of("""
            apiVersion: camel.apache.org/v1
            kind: Integration
            metadata: {name: hello, namespace: default, generation: 1}
            spec: {sources: [{name: hello.yaml}]}
            status:
              phase: Running
              conditions:
              - {type: DeploymentAvailable, status: "False", reason: DeploymentNotAvailable, message: deployment not yet available}
              - {type: Ready, status: "True", reason: DeploymentReady}
            """, "Progressing", "deployment not yet available", "contradicted", "InProgress"),
        // A release that writes no lifecycleState: a ready JobManager with its job running.
        Arguments.of("""
            apiVersion: flink.apache.org/v1beta1
            kind: FlinkDeployment
            metadata: {name: wordcount, namespace: flink}
            spec: {flinkVersion: v1_15}
            status: {jobManagerDeploymentStatus: READY, jobStatus: {state: RUNNING}}
            """, "Healthy", "status.jobManagerDeploymentStatus is READY", "phase", "Current"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    EntryHealthTest.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
