package dev.condlint.rules.catalogue.ecosystem;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** The rules of one ecosystem each, on only in its profile (CONVENTIONS.md §2 F). */
public final class EcosystemRules {
  private EcosystemRules() {}

  public static List<Rule> all() {
    return List.of(
        new KnativeSeverityValid(),
        new CapiV1beta1Severity(),
        new KnativeSummaryAggregation(),
        new KnativeNewObservedGenFailure(),
        new CapiDeletingConsistent(),
        new CapiPausedConsistent(),
        new CertManagerApprovalConditions(),
        new GatewayCustomTypePrefixed());
  }
}
