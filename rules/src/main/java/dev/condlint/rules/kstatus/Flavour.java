package dev.condlint.rules.kstatus;

/**
 * Which kstatus {@code Compute} to reproduce. The two differ only in the Job rule; the differences
 * and the Flux and Helm versions that use each are in docs/kstatus.md.
 */
public enum Flavour {
  /** kubernetes-sigs/cli-utils at master ({@code 5895ad6}, 2025-10-21): kpt, and the cli-utils applier. */
  UPSTREAM,
  /**
   * github.com/fluxcd/cli-utils, the fork Flux and Helm 4 import: its {@code pkg/kstatus/status} is
   * upstream's last release, {@code v0.37.2}, in every fork release from {@code v0.36.0-flux.1} to
   * {@code v1.2.1}.
   */
  FLUX;

  /**
   * Whether {@code Suspended=True} with {@code spec.suspend: true} makes a Job Current (cli-utils PR
   * #668, merged after {@code v0.37.2}); without it such a Job is judged by its other conditions and
   * {@code startTime}.
   */
  boolean hasSuspendedJobs() {
    return this == UPSTREAM;
  }
}
