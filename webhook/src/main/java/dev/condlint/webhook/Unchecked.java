package dev.condlint.webhook;

import dev.condlint.admission.AdmissionRequest;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The answer to a review condlint could not check: {@code 503} with a JSON body that says why, and no
 * {@code Retry-After} (with one, the API server's client would call again within the same timeout). The
 * API server treats any answer other than a 200 AdmissionReview as a failed call, so the webhook's
 * {@code failurePolicy} decides: {@code Ignore} lets the write through (the API server logs the failed
 * call, counts it in {@code apiserver_admission_webhook_fail_open_count} and adds a {@code
 * failed-open.validating.webhook.admission.k8s.io/...} audit annotation), {@code Fail} refuses it with
 * an internal error. condlint never answers "allowed" for a review it did not check: a review it would
 * deny cannot pass because somebody held its memory or its time.
 */
final class Unchecked {
  /** Why a review was not checked; the log's {@code reason} and the metric's label. */
  enum Reason {
    /** The bytes held for requests were at their bound (or this connection's share of it). */
    BOUND,
    /** The rules did not finish within {@code --deadline}. */
    DEADLINE,
    /** The rules reported more than {@code --max-findings} findings. */
    FINDINGS,
    /**
     * Its body could not be read in time: {@code --max-waiting} others already waited to be read, or its
     * turn would have come too late for it to arrive within {@code --read-timeout} ({@link ReadQueue}).
     */
    READING,
    /**
     * Its HTTP/2 connection already had {@link WebhookServer#HTTP2_MAX_STREAMS_IN_PROGRESS} requests in
     * progress: a client that opened more streams than it may before it read the webhook's SETTINGS.
     */
    STREAMS;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final WebhookOptions options;
  private final WebhookMetrics metrics;
  private final JsonLog log;

  Unchecked(WebhookOptions options, WebhookMetrics metrics, JsonLog log) {
    this.options = options;
    this.metrics = metrics;
    this.log = log;
  }

  String message(Reason reason) {
    String why = switch (reason) {
      case BOUND -> "condlint was at its bound of " + options.maxInflightBytes() + " bytes held for reviews in flight"
          + (options.maxConnectionInflightBytes() < options.maxInflightBytes()
              ? ", " + options.maxConnectionInflightBytes() + " per connection," : "");
      case DEADLINE -> "condlint did not finish within " + options.deadline().toMillis() + " ms";
      case FINDINGS -> "the rules reported more than " + options.maxFindings() + " findings";
      case READING -> "condlint could not read the review in time (it reads bodies declaring at most "
          + options.maxReadingBytes() + " bytes at once, with at most " + options.maxWaiting()
          + " waiting, within the " + options.readTimeout().toMillis() + " ms read timeout)";
      case STREAMS -> "the connection had " + WebhookServer.HTTP2_MAX_STREAMS_IN_PROGRESS
          + " requests in progress, the most condlint takes on one connection (it asks HTTP/2 clients for at most "
          + WebhookServer.HTTP2_MAX_CONCURRENT_STREAMS + " streams at once)";
    };
    return why + " and did not check the review; the webhook's failurePolicy decides";
  }

  /** Logs, counts and sends the answer; {@code request} is the review, when it was read. */
  Future<Void> answer(RoutingContext ctx, Reason reason, Optional<AdmissionRequest> request, DecisionPath path) {
    return answer(ctx, reason, request, path, Duration.ZERO);
  }

  /** Completes once the answer is written, or at once when the exchange already ended. */
  Future<Void> answer(RoutingContext ctx, Reason reason, Optional<AdmissionRequest> request, DecisionPath path,
      Duration took) {
    if (ctx.response().ended() || ctx.response().closed()) {
      return Future.succeededFuture();
    }
    metrics.unchecked(reason, took);
    String message = message(reason);
    log.warn("review not checked", line -> {
      line.put("reason", reason.label());
      request.ifPresent(r -> line.put("uid", r.uid()).put("kind", r.kind()).put("namespace", r.namespace())
          .put("name", r.name()).put("operation", r.operation()).put("subResource", r.subResource()));
      line.put("path", path.label());
      line.put("error", message);
    });
    return AnswerWrites.sent(ctx, ctx.response().setStatusCode(503).putHeader("content-type", "application/json")
        .end(new JsonObject().put("code", 503).put("error", message).encode()));
  }
}
