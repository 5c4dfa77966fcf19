package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Pointers;

/**
 * The {@code openAPIV3Schema} that serves one entry of a CRD's {@code spec.versions}, with its JSON Pointer
 * in the CRD: the version's own {@code schema}, else (apiextensions.k8s.io/v1beta1) the CRD's top-level
 * {@code spec.validation}, which the API server applies to every version without a schema of its own.
 * {@code schema} is a missing node where neither is there.
 */
public record VersionSchema(JsonNode schema, String pointer) {
  public static VersionSchema of(JsonNode crd, JsonNode version, String versionPointer) {
    return isShared(crd, version)
        ? new VersionSchema(of(crd, version), Pointers.of("spec", "validation", "openAPIV3Schema"))
        : new VersionSchema(of(crd, version),
            Pointers.append(Pointers.append(versionPointer, "schema"), "openAPIV3Schema"));
  }

  /** The schema alone, for readers that need no pointer (none is built). */
  public static JsonNode of(JsonNode crd, JsonNode version) {
    return isShared(crd, version)
        ? crd.path("spec").path("validation").path("openAPIV3Schema")
        : version.path("schema").path("openAPIV3Schema");
  }

  private static boolean isShared(JsonNode crd, JsonNode version) {
    return version.path("schema").path("openAPIV3Schema").isMissingNode()
        && crd.path("spec").path("validation").path("openAPIV3Schema").isObject();
  }
}
