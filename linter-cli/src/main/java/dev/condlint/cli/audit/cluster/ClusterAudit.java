package dev.condlint.cli.audit.cluster;

import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.cluster.ApiException;
import dev.condlint.cluster.ClusterException;
import dev.condlint.cluster.ClusterReader;
import dev.condlint.cluster.ClusterSession;
import dev.condlint.cluster.Connection;
import dev.condlint.cluster.ApiResource;
import dev.condlint.cluster.KindFilter;
import dev.condlint.cluster.UnmatchedKindsException;
import dev.condlint.rules.text.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import dev.condlint.cluster.Progress;
import dev.condlint.cluster.Retry;
import dev.condlint.cluster.SavedObjects;
import dev.condlint.rules.engine.Engine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One audit as the command's flags describe it: connects, reads and lints the cluster, saves what it
 * read if asked, and closes the connection. The command names only this class and its settings, plain
 * values, so that the cluster code loads when an audit runs and not when its help is built.
 */
public final class ClusterAudit {
  /** What to connect to, what to read and how, where to save it, and whether to show the progress. */
  public record Settings(Optional<Path> kubeconfig, Optional<String> context, Optional<String> namespace,
      Optional<String> selector, List<String> kinds, List<String> excludeKinds, int chunkSize, int concurrency,
      Duration requestTimeout, Optional<Path> save, boolean progress) {}

  private ClusterAudit() {}

  /**
   * The audit's report; empty after printing to {@code err} why the cluster could not be read at all
   * (paths in the settings are resolved against the working directory).
   */
  public static Optional<LintReport> run(Settings settings, Engine engine, Instant now, Path workingDirectory,
      PrintWriter err) {
    Connection connection = new Connection(settings.kubeconfig().map(workingDirectory::resolve), settings.context());
    ClusterReader.Options reading = new ClusterReader.Options(settings.namespace(), settings.selector(),
        KindFilter.of(settings.kinds(), settings.excludeKinds()), settings.chunkSize(), settings.concurrency());
    Optional<TerminalProgress> terminal = settings.progress() ? Optional.of(new TerminalProgress(err)) : Optional.empty();
    try (ClusterSession session = ClusterSession.open(connection, settings.requestTimeout(), Retry.DEFAULT)) {
      Optional<SavedObjects> saved = settings.save().map(dir -> SavedObjects.in(workingDirectory.resolve(dir)));
      try {
        return Optional.of(new Auditor(engine, now)
            .audit(session.api(), reading, saved, terminal.<Progress>map(t -> t).orElse(Progress.NONE)));
      } catch (ApiException e) {
        return error(err, "cannot read the cluster at " + session.api().url() + ": " + e.describe());
      } catch (UnmatchedKindsException e) {
        return error(err, unmatched(e));
      } finally {
        terminal.ifPresent(TerminalProgress::end);
      }
    } catch (ClusterException e) {
      return error(err, e.getMessage());
    }
  }

  /** Each pattern no resource matches, with the kind ({@code Deployment.apps}, itself a pattern) nearest to it. */
  private static String unmatched(UnmatchedKindsException e) {
    Map<String, String> byName = new LinkedHashMap<>();
    for (ApiResource r : e.served()) {
      byName.putIfAbsent(r.kind(), r.kindName());
      byName.putIfAbsent(r.plural(), r.kindName());
    }
    List<String> described = new ArrayList<>();
    for (String pattern : e.patterns()) {
      int slash = pattern.indexOf('/');
      int dot = pattern.indexOf('.');
      String name = slash >= 0 ? pattern.substring(slash + 1) : dot >= 0 ? pattern.substring(0, dot) : pattern;
      described.add("'" + pattern + "'" + Suggestions.closest(name, byName.keySet()).map(byName::get)
          .map(k -> " (did you mean '" + k + "'?)").orElse(""));
    }
    return "--kinds: the server has no resource type " + String.join(", ", described);
  }

  private static Optional<LintReport> error(PrintWriter err, String message) {
    err.println(TerminalText.escape("condlint: error: " + message));
    return Optional.empty();
  }
}
