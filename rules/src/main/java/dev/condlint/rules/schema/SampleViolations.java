package dev.condlint.rules.schema;

import dev.condlint.rules.ObjectCheck;
import dev.condlint.rules.Severity;
import dev.condlint.rules.shape.ConditionFieldYamlType;

/** Reports an object's schema violations, split between the status rule and the rest. */
final class SampleViolations {
  private SampleViolations() {}

  static void report(ObjectCheck check, boolean underStatus) {
    check.crd().ifPresent(crd -> {
      for (SchemaViolation v : check.schemaViolations()) {
        boolean status = v.pointer().equals("/status") || v.pointer().startsWith("/status/");
        // An unquoted `status: True` is rule A06's finding, with the fix; one mistake, one finding.
        // Every other plain number, boolean or null (`replicas: 5`, `ready: yes`) is ours to report.
        if (status != underStatus || (!v.pruned() && ConditionFieldYamlType.reports(check, v.pointer()))) {
          continue;
        }
        String message = v.message() + " (CRD " + crd.crdName() + ", version " + crd.apiVersion() + ")";
        if (v.pruned()) {
          check.report(Severity.WARNING, v.pointer(), message,
              "Remove the field, or add it to the CRD's schema if it is meant to be there.");
        } else {
          check.report(v.pointer(), message,
              "Change the value to what the CRD's schema allows, or fix the schema.");
        }
      }
    });
  }
}
