package dev.condlint.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Lists every CustomResourceDefinition of a cluster ({@code apiextensions.k8s.io/v1}) a page at a time,
 * as an audit reads them: with the server's retry policy, each CRD handed on once. For a command that
 * needs the cluster's CRDs and nothing else ({@code condlint contracts export}), so without discovery.
 */
public final class CrdList {
  static final ApiResource CRDS = new ApiResource("apiextensions.k8s.io", "v1", "customresourcedefinitions",
      "CustomResourceDefinition", false, Set.of("list"), false);

  private CrdList() {}

  /**
   * Hands on each CRD as it is read; an {@link ApiException} when they cannot be listed (no answer, no
   * permission), whose {@link ApiException#describe()} says why.
   */
  public static void list(ApiServer api, int chunkSize, Consumer<ObjectNode> sink) throws ApiException {
    new ListPager(api, chunkSize).list(CRDS, Optional.empty(), Optional.empty(), sink);
  }

  /** How RBAC and kubectl name the resource: {@code customresourcedefinitions.apiextensions.k8s.io}. */
  public static String resourceName() {
    return CRDS.displayName();
  }
}
