package dev.condlint.cli.report;

import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import java.util.Map;

/**
 * An object as an audit read it from a cluster: which object ({@code uid} and {@code resourceVersion}
 * included), and the field manager that wrote the field of each of its findings' pointers.
 */
public record LiveObject(ObjectRef ref, String uid, String resourceVersion, Map<String, String> writers) {
  public static final String UNKNOWN_WRITER = "unknown";

  public LiveObject {
    writers = Map.copyOf(writers);
  }

  /** {@code k8s://apps/v1/Deployment/shop/web}: the object as a logical location (cluster-scoped: no namespace). */
  public String uri() {
    return "k8s://" + ref.apiVersion() + "/" + ref.kind() + "/"
        + (ref.namespace().isEmpty() ? "" : ref.namespace() + "/") + ref.name();
  }

  /** {@code k8s://apps/v1/Deployment/shop/web#/status/conditions/0}: where a finding points. */
  public String uri(Finding finding) {
    return uri() + "#" + finding.pointer();
  }

  public String writerOf(Finding finding) {
    return writers.getOrDefault(finding.pointer(), UNKNOWN_WRITER);
  }

  /** {@code apps/Deployment}, {@code core/Pod}: the kind with its API group. */
  public String groupKind() {
    return (ref.group().isEmpty() ? "core" : ref.group()) + "/" + ref.kind();
  }
}
