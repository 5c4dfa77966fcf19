package dev.condlint.certs.kube;

import dev.condlint.certs.CertificateBundle;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code kubernetes.io/tls} Secret holding a bundle: {@code tls.crt}, {@code tls.key}, {@code ca.crt}
 * and the CA's key {@code ca.key}. Writes are conditional on the version that was read, so two
 * replicas cannot both store their own certificates.
 */
public final class TlsSecret {
  private final KubernetesClient client;
  private final String namespace;
  private final String name;

  public TlsSecret(KubernetesClient client, String namespace, String name) {
    this.client = client;
    this.namespace = namespace;
    this.name = name;
  }

  /** The Secret as last read: null when it does not exist. */
  public record Read(Secret secret, Optional<CertificateBundle> bundle) {
    public boolean exists() {
      return secret != null;
    }
  }

  public String describe() {
    return "Secret " + namespace + "/" + name;
  }

  public Read read() {
    Secret secret = client.secrets().inNamespace(namespace).withName(name).get();
    if (secret == null) {
      return new Read(null, Optional.empty());
    }
    Map<String, String> files = new LinkedHashMap<>();
    if (secret.getData() != null) {
      secret.getData().forEach((key, value) -> files.put(key, new String(Base64.getDecoder().decode(value), StandardCharsets.US_ASCII)));
    }
    if (!files.getOrDefault(CertificateBundle.TLS_CERT, "").isBlank()
        && files.getOrDefault(CertificateBundle.CA_KEY, "").isBlank()) {
      // Someone else's certificate (cert-manager's, say): renewing it here would fight its owner.
      throw new CertificateManagementException(describe() + " holds a certificate without ca.key, which condlint-certs"
          + " did not make; leave it to whoever manages it, or empty the Secret to let condlint-certs take over");
    }
    try {
      return new Read(secret, CertificateBundle.fromFiles(files));
    } catch (IllegalArgumentException e) {
      throw new CertificateManagementException(describe() + " holds certificates that cannot be read (" + e.getMessage()
          + "); delete its data or the Secret to start afresh");
    }
  }

  /**
   * Stores the bundle: creates the Secret, or replaces the four keys of the one read (other keys,
   * labels and annotations stay). Fails with HTTP 409 when someone changed or created it meanwhile.
   */
  public void write(Read read, CertificateBundle bundle) {
    Map<String, String> data = new LinkedHashMap<>();
    if (read.exists() && read.secret().getData() != null) {
      data.putAll(read.secret().getData());
    }
    bundle.files().forEach((key, value) -> data.put(key, Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.US_ASCII))));
    if (read.exists()) {
      client.secrets().inNamespace(namespace)
          .resource(new SecretBuilder(read.secret()).withData(data).build())
          .update();
    } else {
      client.secrets().inNamespace(namespace).resource(new SecretBuilder()
              .withNewMetadata().withName(name).withNamespace(namespace)
              .addToLabels("app.kubernetes.io/part-of", "condlint").endMetadata()
              .withType("kubernetes.io/tls")
              .withData(data)
              .build())
          .create();
    }
  }
}
