package dev.condlint.cluster;

import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the cluster is and who we are there, found as kubectl finds it: {@code --kubeconfig FILE},
 * else the files of {@code KUBECONFIG} (merged), else {@code ~/.kube/config}, else the pod's service
 * account; {@code --context} picks a context of those files instead of their current one.
 */
public record Connection(Optional<Path> kubeconfig, Optional<String> context) {

  public static final Connection DEFAULT = new Connection(Optional.empty(), Optional.empty());

  /** The client configuration; a {@link ClusterException} that says what is missing or wrong. */
  public Config config() {
    Config config;
    try {
      if (kubeconfig.isPresent()) {
        Path file = kubeconfig.get();
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
          throw new ClusterException("--kubeconfig: cannot read " + file);
        }
        config = Config.fromKubeconfig(context.orElse(null), file.toFile());
      } else {
        if (noKubeconfig() && System.getenv("KUBERNETES_SERVICE_HOST") == null) {
          throw new ClusterException("no cluster to connect to: no kubeconfig (--kubeconfig, KUBECONFIG or ~/.kube/config)"
              + " and not running in a pod");
        }
        config = Config.autoConfigure(context.orElse(null));
      }
    } catch (KubernetesClientException | IllegalArgumentException e) {
      throw new ClusterException("cannot read the kubeconfig: " + e.getMessage(), e);
    }
    context.ifPresent(name -> checkContext(config, name));
    return config;
  }

  /** fabric8 falls back to the current context when the one asked for is missing; kubectl refuses, and so do we. */
  private static void checkContext(Config config, String name) {
    List<String> names = Optional.ofNullable(config.getContexts()).orElse(List.of()).stream()
        .map(NamedContext::getName).sorted().toList();
    if (!names.contains(name)) {
      throw new ClusterException("--context: no context '" + name + "' in the kubeconfig"
          + (names.isEmpty() ? "" : " (contexts: " + String.join(", ", names) + ")"));
    }
  }

  private static boolean noKubeconfig() {
    return Config.getKubeconfigFilenames().stream().map(File::new).noneMatch(File::isFile);
  }
}
