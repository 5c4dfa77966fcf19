package dev.condlint.rules.kstatus;

import java.time.Instant;
import java.util.Optional;

/**
 * kstatus's status function for one built-in kind, used when the generic checks decide nothing.
 * Only pending Pods read {@code now} (empty where the front end gives no reference time), only Jobs
 * the flavour.
 */
@FunctionalInterface
interface LegacyRule {
  KstatusResult compute(Unstructured object, Optional<Instant> now, Flavour flavour);
}
