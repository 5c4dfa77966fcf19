package dev.condlint.webhook;

import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the process runs in a Kubernetes pod with a service account token, as client-go's in-cluster config decides. */
final class InPod {
  private static final Path TOKEN = Path.of("/var/run/secrets/kubernetes.io/serviceaccount/token");

  private InPod() {}

  static boolean detected() {
    return set("KUBERNETES_SERVICE_HOST") && set("KUBERNETES_SERVICE_PORT") && Files.isReadable(TOKEN);
  }

  private static boolean set(String variable) {
    String value = System.getenv(variable);
    return value != null && !value.isEmpty();
  }
}
