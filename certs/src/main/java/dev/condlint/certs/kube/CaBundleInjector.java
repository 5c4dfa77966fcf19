package dev.condlint.certs.kube;

import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhook;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Writes a CA bundle into the {@code caBundle} of every webhook of a ValidatingWebhookConfiguration. */
public final class CaBundleInjector {
  /** The name deploy/ gives condlint's webhook configuration. */
  public static final String DEFAULT_CONFIGURATION = "condlint";

  private final KubernetesClient client;
  private final String configuration;

  public CaBundleInjector(KubernetesClient client, String configuration) {
    this.client = client;
    this.configuration = configuration;
  }

  /**
   * Sets the bundle where it differs, in one update conditional on the version read (HTTP 409 when
   * someone changed it meanwhile). Returns whether anything changed.
   */
  public boolean inject(String bundlePem) {
    String caBundle = Base64.getEncoder().encodeToString(bundlePem.getBytes(StandardCharsets.US_ASCII));
    var resource = client.admissionRegistration().v1().validatingWebhookConfigurations().withName(configuration);
    ValidatingWebhookConfiguration current = resource.get();
    if (current == null) {
      throw new CertificateManagementException("there is no ValidatingWebhookConfiguration named " + configuration
          + "; apply deploy/ first or name the right one with --webhook-config");
    }
    if (current.getWebhooks() == null || current.getWebhooks().isEmpty()) {
      throw new CertificateManagementException("ValidatingWebhookConfiguration " + configuration + " has no webhooks");
    }
    boolean changed = false;
    for (ValidatingWebhook webhook : current.getWebhooks()) {
      if (!caBundle.equals(webhook.getClientConfig().getCaBundle())) {
        webhook.getClientConfig().setCaBundle(caBundle);
        changed = true;
      }
    }
    if (changed) {
      client.admissionRegistration().v1().validatingWebhookConfigurations().resource(current).update();
    }
    return changed;
  }
}
