package dev.condlint.certs;

import java.time.Duration;
import java.util.List;

/**
 * What certificates to keep: the serving names, the lifetimes of the CA and of the serving
 * certificate, and the key type of new keys.
 */
public record RotationPolicy(String name, List<String> names, Duration caValidity, Duration servingValidity,
    KeyAlgorithm algorithm) {
  public static final Duration DEFAULT_CA_VALIDITY = Duration.ofDays(5 * 365);
  public static final Duration DEFAULT_SERVING_VALIDITY = Duration.ofDays(90);

  public RotationPolicy {
    names = List.copyOf(names);
    if (names.isEmpty()) {
      throw new IllegalArgumentException("a serving certificate needs at least one name");
    }
    if (servingValidity.compareTo(caValidity) > 0) {
      throw new IllegalArgumentException("the serving certificate cannot outlive its CA (" + servingValidity
          + " > " + caValidity + ")");
    }
  }

  /** The defaults for a Service: its four names, CA 5 years, serving certificate 90 days, EC P-256. */
  public static RotationPolicy forService(String service, String namespace) {
    return new RotationPolicy(service, ServingNames.forService(service, namespace, "cluster.local"),
        DEFAULT_CA_VALIDITY, DEFAULT_SERVING_VALIDITY, KeyAlgorithm.EC_P256);
  }
}
