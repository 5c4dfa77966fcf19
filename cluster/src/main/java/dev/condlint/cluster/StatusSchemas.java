package dev.condlint.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which custom resources have a status by their CRD's schema, though their CRD gives them no status
 * subresource: with {@link ApiResource#statusSubresource()}, what "a resource that has a status" means
 * to the audit and the monitor.
 */
public final class StatusSchemas {
  private final Set<String> withStatusSchema = ConcurrentHashMap.newKeySet();

  /** Takes in a CRD's versions; those whose schema declares {@code status} give their resource a status. */
  public void add(JsonNode crd) {
    String group = crd.path("spec").path("group").asText();
    String kind = crd.path("spec").path("names").path("kind").asText();
    for (JsonNode v : crd.path("spec").path("versions")) {
      String key = group + "/" + v.path("name").asText() + "|" + kind;
      if (v.path("schema").path("openAPIV3Schema").path("properties").has("status")) {
        withStatusSchema.add(key);
      } else {
        withStatusSchema.remove(key);
      }
    }
  }

  /** Forgets a deleted CRD's versions: those of its group and kind. */
  public void remove(String group, String kind) {
    withStatusSchema.removeIf(key -> key.startsWith(group + "/") && key.endsWith("|" + kind));
  }

  /** A resource has a status when it has the status subresource, or its CRD's schema declares one (without it). */
  public boolean hasStatus(ApiResource r) {
    return r.statusSubresource() || withStatusSchema.contains(r.apiVersion() + "|" + r.kind());
  }
}
