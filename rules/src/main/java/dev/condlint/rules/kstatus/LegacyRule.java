package dev.condlint.rules.kstatus;

import java.time.Instant;

/**
 * kstatus's status function for one built-in kind, used when the generic checks decide nothing.
 * Only pending Pods read {@code now}, only Jobs the flavour.
 */
@FunctionalInterface
interface LegacyRule {
  KstatusResult compute(Unstructured object, Instant now, Flavour flavour);
}
