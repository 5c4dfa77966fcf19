package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import java.util.Optional;

/** E01: a status schema needs the status subresource, and the subresource a status schema. */
@RuleInfo(
    id = "crd-status-subresource",
    code = "E01",
    title = "A version with a status schema enables the status subresource, and the other way round",
    severity = Severity.ERROR,
    scope = Scope.CRD,
    rationale =
        "Without the status subresource every status write is an ordinary update, which bumps"
            + " metadata.generation, so status.observedGeneration can never catch up with it, and any"
            + " client writing spec can overwrite status. A subresource without a status schema, or a"
            + " status schema without conditions or observedGeneration and without the subresource, is"
            + " a lesser mismatch (warning).",
    source =
        "api-conventions (\"A /status subresource MUST be provided\"); apiextensions-apiserver"
            + " pkg/registry/customresource/strategy.go; kube-api-linter statussubresource")
public final class CrdStatusSubresource implements CrdRule {
  @Override
  public void check(CrdCheck check) {
    Optional<SchemaNode> status = StatusSchema.status(check);
    boolean subresource = subresources(check).path("status").isObject();
    String subresourcePointer = Pointers.append(Pointers.append(check.versionPointer(), "subresources"), "status");
    if (status.isPresent() && !subresource) {
      SchemaNode s = status.get();
      if (s.hasProperty("conditions") || s.hasProperty("observedGeneration")) {
        check.report(
            subresourcePointer,
            "In " + StatusSchema.version(check) + ", status declares "
                + (s.hasProperty("conditions") ? "conditions" : "observedGeneration")
                + " but the status subresource is not enabled: every status write then bumps"
                + " metadata.generation, so observedGeneration can never catch up, and spec writers can"
                + " overwrite status.",
            "Add `subresources: {status: {}}` to this version (kubebuilder: +kubebuilder:subresource:status).");
      } else {
        check.report(
            Severity.WARNING,
            subresourcePointer,
            "In " + StatusSchema.version(check) + ", the schema declares status but the status subresource is"
                + " not enabled, so spec writers can overwrite status.",
            "Add `subresources: {status: {}}` to this version.");
      }
    } else if (status.isEmpty() && subresource && !StatusSchema.root(check).isTrue("x-kubernetes-preserve-unknown-fields")) {
      check.report(
          Severity.WARNING,
          subresourcePointer,
          "In " + StatusSchema.version(check) + ", the status subresource is enabled but the schema declares no"
              + " status, so the API server prunes every status a controller writes.",
          "Declare status in openAPIV3Schema.properties, or remove the subresource.");
    }
  }

  /**
   * The subresources that serve the version: its own, else (apiextensions.k8s.io/v1beta1) the CRD's top-level
   * {@code spec.subresources}, which serves every version; the API server accepts one or the other, never both.
   */
  private static JsonNode subresources(CrdCheck check) {
    JsonNode own = check.version().path("subresources");
    return own.isObject() ? own : check.crd().path("spec").path("subresources");
  }
}
