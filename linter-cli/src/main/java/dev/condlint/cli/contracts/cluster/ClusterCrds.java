package dev.condlint.cli.contracts.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cluster.ApiException;
import dev.condlint.cluster.ClusterException;
import dev.condlint.cluster.ClusterSession;
import dev.condlint.cluster.Connection;
import dev.condlint.cluster.CrdList;
import dev.condlint.cluster.Retry;
import io.fabric8.kubernetes.client.Config;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The CRDs of a live cluster, connected to as {@code condlint audit} connects (the kubeconfig, or the
 * pod's service account; the cluster module's client factory and retry policy). The command names only
 * this class, so that the cluster code loads when an export reads a cluster, and not for files.
 */
public final class ClusterCrds {
  private static final int CHUNK_SIZE = 500;

  /** The CRDs, and the cluster they were read from in words ({@code context "kind-dev" at https://...}). */
  public record Read(List<ObjectNode> crds, String source) {}

  /** Why the CRDs could not be read: one line, for the user. */
  public static final class Unreadable extends Exception {
    Unreadable(String message) {
      super(message, null, false, false);
    }
  }

  private ClusterCrds() {}

  /** Every CRD of the cluster; paths are resolved against the working directory. */
  public static Read read(Optional<Path> kubeconfig, Optional<String> context, Duration timeout, Path workingDirectory)
      throws Unreadable {
    Config config;
    try {
      config = new Connection(kubeconfig.map(workingDirectory::resolve), context).config();
    } catch (ClusterException e) {
      throw new Unreadable(e.getMessage());
    }
    String contextName = config.getCurrentContext() != null ? config.getCurrentContext().getName() : null;
    try (ClusterSession session = ClusterSession.open(config, timeout, Retry.DEFAULT)) {
      String source = (contextName != null ? "context \"" + contextName + "\" at " : "") + session.api().url();
      List<ObjectNode> crds = new ArrayList<>();
      try {
        CrdList.list(session.api(), CHUNK_SIZE, crds::add);
      } catch (ApiException e) {
        throw new Unreadable("cannot list " + CrdList.resourceName() + " at " + session.api().url() + ": "
            + e.describe());
      }
      return new Read(crds, "the cluster " + source);
    } catch (ClusterException e) {
      throw new Unreadable(e.getMessage());
    }
  }
}
