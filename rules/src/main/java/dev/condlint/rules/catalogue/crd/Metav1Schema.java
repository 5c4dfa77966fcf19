package dev.condlint.rules.catalogue.crd;

import dev.condlint.rules.api.CrdCheck;

/** What controller-gen generates for metav1.Condition, and what a profile's own condition type expects. */
final class Metav1Schema {
  static final String TYPE_PATTERN =
      "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$";
  static final String REASON_PATTERN = "^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$";

  private Metav1Schema() {}

  /**
   * Cluster API v1beta1's own Condition declares lengths but no patterns (type and reason MaxLength 256,
   * message 10240, each MinLength 1); every other profile expects the metav1 markers.
   */
  static boolean expectsPatterns(CrdCheck check) {
    return check.settings().typeMaxLength() == 316;
  }
}
