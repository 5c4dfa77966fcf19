package dev.condlint.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.AdmissionRequest;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The most schema the webhook checks in one CustomResourceDefinition. The CRD rules walk each version's
 * schema, several of them each its whole status schema, so their work grows with the properties the CRD
 * declares: on a loaded 2-core machine the rules alone took 0.6 to 0.9 s for 20,000 properties and 0.7 to
 * 1.4 s for 80,000 (2.1 MB; 1.2 to 2.0 s for the whole request), near or past the 2 s deadline, where the
 * review was answered 503 and the cluster's failurePolicy decided it. A
 * CRD over {@link #MAX_PROPERTIES} is not checked: it is allowed with a warning that says why, at the cost
 * of counting (a walk of the decoded tree, no rule runs). The largest CRD in condlint's corpus of 164 real
 * ones (Argo CD's ApplicationSet, 1.4 MB) declares 7,965; the API server stores no object over 1.5 MiB
 * (etcd's default request limit) in any case.
 */
final class CrdSchemaCap {
  /** The most properties (entries of {@code properties} maps, in all versions' schemas) a checked CRD declares. */
  static final int MAX_PROPERTIES = 30_000;

  private CrdSchemaCap() {}

  /**
   * The note the review is allowed with when it is a CRD the CRD rules would check (a CREATE or UPDATE of
   * the object itself) and it declares more than {@code max} properties; empty otherwise.
   */
  static Optional<String> over(AdmissionRequest request, int max) {
    boolean write = request.operation().equals("CREATE") || request.operation().equals("UPDATE");
    if (!write || !request.isCustomResourceDefinition() || !request.subResource().isEmpty() || request.object().isEmpty()) {
      return Optional.empty();
    }
    long properties = properties(request.object().get().path("spec"));
    if (properties <= max) {
      return Optional.empty();
    }
    return Optional.of("condlint did not check this CustomResourceDefinition: its schemas declare " + properties
        + " properties, more than the " + max + " the webhook checks within its deadline; `condlint lint` checks"
        + " the file whole");
  }

  /**
   * The entries of every {@code properties} object under {@code node}, in every version's schema (and a
   * v1beta1 CRD's {@code validation}). Iterative: the tree may be as deep as the decoder allows.
   */
  static long properties(JsonNode node) {
    long count = 0;
    Deque<JsonNode> pending = new ArrayDeque<>();
    pending.push(node);
    while (!pending.isEmpty()) {
      JsonNode next = pending.pop();
      if (next.isObject()) {
        Iterator<Map.Entry<String, JsonNode>> fields = next.fields();
        while (fields.hasNext()) {
          Map.Entry<String, JsonNode> field = fields.next();
          if (field.getKey().equals("properties") && field.getValue().isObject()) {
            count += field.getValue().size();
          }
          if (field.getValue().isContainerNode()) {
            pending.push(field.getValue());
          }
        }
      } else if (next.isArray()) {
        next.forEach(element -> {
          if (element.isContainerNode()) {
            pending.push(element);
          }
        });
      }
    }
    return count;
  }
}
