package dev.condlint.health;

import dev.condlint.yaml.YamlDocuments;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * mariadb-operator's kinds (catalogue mariadb.json): Ready is the normal-true summary; the other types
 * say what was done, and their polarity is left unknown. condlint, the exported Lua and CEL judge alike.
 */
class MariaDbHealthTest {
  static Stream<Arguments> objects() {
    return Stream.of(
        Arguments.of("""
            apiVersion: k8s.mariadb.com/v1alpha1
            kind: MariaDB
            metadata: {name: db, namespace: default, generation: 3}
            spec: {replicas: 3}
            status:
              conditions:
              - {type: Ready, status: "True", reason: StatefulSetReady, message: Running, lastTransitionTime: "2026-08-01T00:00:00Z"}
              - {type: Updated, status: "False", reason: PendingUpdate, message: Pending update, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "Running", "summary", "Current"),
        Arguments.of("""
            apiVersion: k8s.mariadb.com/v1alpha1
            kind: MariaDB
            metadata: {name: db, namespace: default, generation: 1}
            spec: {replicas: 3}
            status:
              conditions:
              - {type: Ready, status: "False", reason: Failed, message: Error creating ConfigMap, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Degraded", "Error creating ConfigMap", "terminal-reason", "Failed"),
        Arguments.of("""
            apiVersion: k8s.mariadb.com/v1alpha1
            kind: MariaDB
            metadata: {name: db, namespace: default, generation: 1}
            spec: {replicas: 3}
            status:
              conditions:
              - {type: Ready, status: "False", reason: Initializing, message: Initializing, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Progressing", "Initializing", "transient-reason", "InProgress"),
        Arguments.of("""
            apiVersion: mariadb.mmontes.io/v1alpha1
            kind: MariaDB
            metadata: {name: db, namespace: default, generation: 1}
            spec: {replicas: 1}
            status: {}
            """, "Progressing", "Waiting for Ready", "summary", "InProgress"),
        Arguments.of("""
            apiVersion: k8s.mariadb.com/v1alpha1
            kind: User
            metadata: {name: app, namespace: default, generation: 1}
            spec: {mariaDbRef: {name: db}}
            status:
              conditions:
              - {type: Ready, status: "True", reason: Created, message: Created, lastTransitionTime: "2026-08-01T00:00:00Z"}
            """, "Healthy", "Created", "summary", "Current"));
  }

  @ParameterizedTest
  @MethodSource("objects")
  void judgesAndTheExportsAgree(String yaml, String status, String message, String rule, String flux) throws Exception {
    HealthCases.judge(YamlDocuments.load("object.yaml", yaml).documents().get(0).object(), status, message, rule, flux);
  }
}
