package dev.condlint.monitor.state;

/**
 * A resource the monitor watches: {@code deployments} of {@code apps/v1}, kind {@code Deployment}.
 * Its {@code group} label is {@code core} for the core group, as {@code --kinds} names it.
 */
public record WatchedKind(String group, String version, String plural, String kind, boolean namespaced) {

  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** The value of the metrics' {@code group} label: the API group, {@code core} for the core group. */
  public String groupLabel() {
    return group.isEmpty() ? "core" : group;
  }

  /** {@code deployments.apps}, {@code pods}: as kubectl and RBAC name it. */
  public String resourceName() {
    return group.isEmpty() ? plural : plural + "." + group;
  }
}
