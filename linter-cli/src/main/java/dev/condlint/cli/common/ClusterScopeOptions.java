package dev.condlint.cli.common;

import dev.condlint.cluster.KindFilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options that choose which cluster and which of its objects a live command reads, which
 * {@code audit} and {@code monitor} share: the kubeconfig and context, the namespace, the label
 * selector and the kinds.
 */
public final class ClusterScopeOptions {
  @Option(names = "--kubeconfig", paramLabel = "FILE",
      description = "The kubeconfig file. Default: as kubectl, the files of KUBECONFIG, else ~/.kube/config, else"
          + " the pod's service account.")
  Path kubeconfig;

  @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig context. Default: its current one.")
  String context;

  @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
      description = "Only the objects of this namespace (and no cluster-scoped objects). Default: every namespace.")
  String namespace;

  @Option(names = {"-A", "--all-namespaces"},
      description = "Every namespace and the cluster-scoped objects (the default; as kubectl's -A).")
  boolean allNamespaces;

  @Option(names = {"-l", "--selector"}, paramLabel = "SELECTOR",
      description = "Only the objects with these labels, as kubectl's -l (app=web,tier!=db). CRDs are read as"
          + " contracts whatever their labels.")
  String selector;

  @Option(names = "--kinds", paramLabel = "PATTERN", split = ",",
      description = "Only these kinds (repeatable, comma-separated): Deployment, apps/Deployment,"
          + " deployments.apps, core/Pod, '*.fluxcd.io/*'. Default: every kind with a status.")
  List<String> kinds = new ArrayList<>();

  @Option(names = "--exclude-kinds", paramLabel = "PATTERN", split = ",",
      description = "Leave out these kinds (repeatable, comma-separated; patterns as --kinds).")
  List<String> excludeKinds = new ArrayList<>();

  /** A usage error for a choice that makes no sense: a namespace and every namespace, a blank one, a bad pattern. */
  public void check(CommandSpec spec) {
    if (namespace != null && allNamespaces) {
      throw Usage.error(spec, "--namespace and --all-namespaces exclude each other");
    }
    if (namespace != null && namespace.isBlank()) {
      throw Usage.error(spec, "--namespace: a namespace name, not an empty one");
    }
    checkKinds(spec, "--kinds", kinds);
    checkKinds(spec, "--exclude-kinds", excludeKinds);
  }

  private static void checkKinds(CommandSpec spec, String flag, List<String> patterns) {
    try {
      KindFilter.of(patterns, List.of());
    } catch (IllegalArgumentException e) {
      throw Usage.error(spec, flag + ": " + e.getMessage());
    }
  }

  public Optional<Path> kubeconfig() {
    return Optional.ofNullable(kubeconfig);
  }

  public Optional<String> context() {
    return Optional.ofNullable(context);
  }

  /** The one namespace to read; empty for every namespace and the cluster-scoped objects. */
  public Optional<String> namespace() {
    return Optional.ofNullable(namespace);
  }

  public Optional<String> selector() {
    return Optional.ofNullable(selector);
  }

  public List<String> kinds() {
    return List.copyOf(kinds);
  }

  public List<String> excludeKinds() {
    return List.copyOf(excludeKinds);
  }
}
