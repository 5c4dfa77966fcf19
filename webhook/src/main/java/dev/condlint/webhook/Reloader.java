package dev.condlint.webhook;

import io.vertx.core.Vertx;
import java.io.IOException;
import java.util.Optional;

/**
 * Keeps the certificate and the configuration current while the server runs: polls their files every
 * {@code --reload-interval} and, with {@code --manage-certs}, runs the certificate keeper every
 * {@code --cert-check-interval}, off the event loop. A reload that fails is logged and counted, and
 * the previous certificate or configuration stays in use.
 */
final class Reloader {
  private final Vertx vertx;
  private final WebhookOptions options;
  private final ServingCertificates certificates;
  private final CurrentRules rules;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private long filesTimer = -1;
  private long keeperTimer = -1;

  Reloader(Vertx vertx, WebhookOptions options, ServingCertificates certificates, CurrentRules rules,
      WebhookMetrics metrics, JsonLog log) {
    this.vertx = vertx;
    this.options = options;
    this.certificates = certificates;
    this.rules = rules;
    this.metrics = metrics;
    this.log = log;
  }

  void start() {
    filesTimer = vertx.setPeriodic(options.reloadInterval().toMillis(), id -> vertx.executeBlocking(() -> {
      if (certificates.fromFiles()) {
        reload("certificate", certificates::reloadFiles);
      }
      if (rules.fromFile()) {
        reload("config", rules::reload);
      }
      return null;
    }, false));
    options.managedCertificates().ifPresent(managed -> keeperTimer = vertx.setPeriodic(
        managed.checkInterval().toMillis(), id -> vertx.executeBlocking(() -> {
          reload("certificate", certificates::keep);
          return null;
        }, false)));
  }

  void stop() {
    vertx.cancelTimer(filesTimer);
    vertx.cancelTimer(keeperTimer);
  }

  private interface Poll {
    Optional<?> run() throws IOException;
  }

  private void reload(String what, Poll poll) {
    try {
      if (poll.run().isPresent()) {
        metrics.reloaded(what, true);
      }
    } catch (IOException | RuntimeException e) {
      metrics.reloaded(what, false);
      log.error(what + " reload failed; keeping the previous one", line -> line.put("error", String.valueOf(e.getMessage())));
    }
  }
}
