package dev.condlint.cli.monitor;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the command's flags say, as plain values (no cluster type, so that the help loads no cluster
 * class): what to connect to, what to watch and how, where to serve, what to write, and when the
 * monitor's clock starts ({@code --now}, else the wall clock).
 */
record MonitorSettings(Optional<Path> kubeconfig, Optional<String> context, Optional<String> namespace,
    Optional<String> selector, List<String> kinds, List<String> excludeKinds, int chunkSize,
    Duration requestTimeout, String host, int port, boolean namespaceLabels, int maxSeries, int topWriters,
    Duration stuckAfter, int shard, int totalShards, boolean openReports, Duration reportInterval,
    int reportMaxResults, double reportWritesPerSecond, Duration crdSyncWait, Instant start) {}
