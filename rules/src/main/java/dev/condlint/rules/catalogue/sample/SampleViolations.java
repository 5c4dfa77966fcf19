package dev.condlint.rules.catalogue.sample;

import dev.condlint.model.Pointers;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.schema.SchemaViolation;

/** Reports an object's schema violations, split between the status rule and the rest. */
final class SampleViolations {
  private SampleViolations() {}

  static void report(ObjectCheck check, boolean underStatus) {
    check.crd().ifPresent(crd -> {
      for (SchemaViolation v : check.schemaViolations()) {
        boolean status = v.pointer().equals("/status") || v.pointer().startsWith("/status/");
        // Where a condition rule reports the same node (an unquoted `status: True` is A06's, with the
        // fix), the engine keeps only that finding: one mistake, one finding.
        if (status != underStatus) {
          continue;
        }
        String message = v.message() + " (CRD " + crd.crdName() + ", version " + crd.apiVersion() + ")";
        if (check.proposedIn().isPresent()) {
          // A design document shows the API as proposed; the CRD is the API that shipped.
          check.report(Severity.INFO, v.pointer(), message + "; the file is in a design folder ('"
              + check.proposedIn().get() + "/'), which describes the API as proposed, and that may not be"
              + " the API that shipped", "If the example is meant to match the shipped API, move it out of the"
              + " design folder; else nothing to do.");
        } else if (v.kind() == SchemaViolation.Kind.UNKNOWN_FIELD) {
          check.report(Severity.WARNING, v.pointer(), message,
              "Remove the field, or add it to the CRD's schema if it is meant to be there.");
        } else if (v.kind() == SchemaViolation.Kind.DROPPED_NULL) {
          check.reportAbsent(Severity.WARNING, Pointers.lastToken(v.pointer()), v.pointer(), message,
              "Remove the field, or declare it `nullable: true` in the CRD's schema if null is meant.");
        } else if (v.kind() == SchemaViolation.Kind.REQUIRED_MISSING) {
          check.reportAbsent(Severity.ERROR, Pointers.lastToken(v.pointer()), v.pointer(), message,
              "Add the field, or remove it from the schema's `required` list if it is meant to be optional.");
        } else {
          check.report(v.pointer(), message,
              "Change the value to what the CRD's schema allows, or fix the schema.");
        }
      }
    });
  }
}
