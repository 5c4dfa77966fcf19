package dev.condlint.cli.report;

import java.util.List;

/**
 * What an audit read besides its findings: the API server, and each resource it listed (its kind,
 * {@code apps/Deployment}, and how many objects it had), in the order listed.
 */
public record ClusterSummary(String server, List<Listed> resources) {
  /** One resource listed. */
  public record Listed(String groupKind, long objects) {}

  public ClusterSummary {
    resources = List.copyOf(resources);
  }

  public long objects() {
    return resources.stream().mapToLong(Listed::objects).sum();
  }
}
