package dev.condlint.model;

import java.util.Set;

/** The API groups that the Kubernetes API server itself serves (not CRDs). */
public final class KubernetesGroups {
  private KubernetesGroups() {}

  private static final Set<String> BUILT_IN =
      Set.of(
          "",
          "apps",
          "batch",
          "autoscaling",
          "policy",
          "extensions",
          "admissionregistration.k8s.io",
          "apiextensions.k8s.io",
          "apiregistration.k8s.io",
          "authentication.k8s.io",
          "authorization.k8s.io",
          "certificates.k8s.io",
          "coordination.k8s.io",
          "discovery.k8s.io",
          "events.k8s.io",
          "flowcontrol.apiserver.k8s.io",
          "internal.apiserver.k8s.io",
          "networking.k8s.io",
          "node.k8s.io",
          "rbac.authorization.k8s.io",
          "resource.k8s.io",
          "scheduling.k8s.io",
          "storage.k8s.io",
          "storagemigration.k8s.io");

  public static boolean isBuiltIn(String group) {
    return BUILT_IN.contains(group);
  }
}
