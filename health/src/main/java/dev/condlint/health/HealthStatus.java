package dev.condlint.health;

/**
 * A health status in Argo CD's vocabulary (gitops-engine {@code pkg/health} HealthStatusCode), the one
 * most GitOps users read. {@link #MISSING} is Argo CD's word for an object absent from the cluster: an
 * assessment of an object condlint has in hand never gives it, but a consumer's script or test may.
 */
public enum HealthStatus {
  HEALTHY("Healthy"),
  PROGRESSING("Progressing"),
  DEGRADED("Degraded"),
  SUSPENDED("Suspended"),
  MISSING("Missing"),
  UNKNOWN("Unknown");

  private final String label;

  HealthStatus(String label) {
    this.label = label;
  }

  /** As Argo CD spells it: {@code Healthy}. */
  public String label() {
    return label;
  }

  /** The status Argo CD spells so, if any. */
  public static java.util.Optional<HealthStatus> parse(String label) {
    for (HealthStatus s : values()) {
      if (s.label.equals(label)) {
        return java.util.Optional.of(s);
      }
    }
    return java.util.Optional.empty();
  }

  @Override
  public String toString() {
    return label;
  }
}
