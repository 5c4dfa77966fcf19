package dev.condlint.webhook;

import dev.condlint.certs.KeyAlgorithm;
import dev.condlint.certs.RotationPolicy;
import dev.condlint.certs.ServingNames;
import java.time.Duration;
import java.util.List;

/**
 * The webhook keeps its own certificates ({@code --manage-certs}): in this Secret, for this
 * Service, with the CA bundle injected into this webhook configuration, checked this often.
 *
 * @param extraNames names the serving certificate carries besides the Service's (tests add localhost)
 */
public record ManagedCertificates(String service, String namespace, String secret, String webhookConfig,
    Duration checkInterval, List<String> extraNames) {

  public ManagedCertificates {
    extraNames = List.copyOf(extraNames);
    if (checkInterval.isNegative() || checkInterval.isZero()) {
      throw new IllegalArgumentException("the certificate check interval must be positive");
    }
  }

  RotationPolicy policy() {
    List<String> names = new java.util.ArrayList<>(ServingNames.forService(service, namespace, "cluster.local"));
    names.addAll(extraNames);
    return new RotationPolicy(service, names, RotationPolicy.DEFAULT_CA_VALIDITY,
        RotationPolicy.DEFAULT_SERVING_VALIDITY, KeyAlgorithm.EC_P256);
  }
}
