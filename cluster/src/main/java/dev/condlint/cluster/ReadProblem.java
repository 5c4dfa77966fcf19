package dev.condlint.cluster;

/**
 * Something of the cluster that could not be read: where ({@code discovery of metrics.k8s.io/v1beta1},
 * {@code deployments.apps}) and what went wrong. The rest of the cluster is still read.
 */
public record ReadProblem(String where, String message) {}
