package dev.condlint.cluster;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;

/**
 * A resource the API server serves, at the version it prefers: {@code deployments} of {@code apps/v1},
 * kind {@code Deployment}, namespaced, its verbs, whether it has a {@code status} subresource, and the
 * other names kubectl takes for it: its singular ({@code deployment}) and short names ({@code deploy}).
 */
public record ApiResource(
    String group, String version, String plural, String kind, boolean namespaced, Set<String> verbs,
    boolean statusSubresource, String singular, Set<String> shortNames) {

  public ApiResource {
    verbs = Set.copyOf(verbs);
    shortNames = Set.copyOf(shortNames);
  }

  /** A resource with no singular or short names given. */
  public ApiResource(
      String group, String version, String plural, String kind, boolean namespaced, Set<String> verbs,
      boolean statusSubresource) {
    this(group, version, plural, kind, namespaced, verbs, statusSubresource, "", Set.of());
  }

  /** {@code Deployment.apps}, {@code Pod}: a name of the kind that {@code --kinds} and kubectl take. */
  public String kindName() {
    return group.isEmpty() ? kind : kind + "." + group;
  }

  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** {@code deployments.apps}, {@code pods}: how kubectl and RBAC messages name a resource. */
  public String displayName() {
    return group.isEmpty() ? plural : plural + "." + group;
  }

  /** {@code apps/Deployment}, {@code core/Pod}: how {@code --kinds} patterns name a kind. */
  public String groupKind() {
    return (group.isEmpty() ? "core" : group) + "/" + kind;
  }

  public boolean isCustomResourceDefinitions() {
    return group.equals("apiextensions.k8s.io") && plural.equals("customresourcedefinitions");
  }

  /** The path that lists the resource in a namespace, or in all of them (and for a cluster-scoped one). */
  public String listPath(Optional<String> namespace) {
    String prefix = group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
    return namespace.filter(n -> namespaced)
        .map(n -> prefix + "/namespaces/" + URLEncoder.encode(n, StandardCharsets.UTF_8) + "/" + plural)
        .orElse(prefix + "/" + plural);
  }
}
