package dev.condlint.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionRequest;
import dev.condlint.admission.AdmissionResponses;
import dev.condlint.admission.Decision;
import dev.condlint.admission.MalformedReviewException;
import dev.condlint.rules.engine.Cancellation;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * {@code POST /validate}: decodes the review and runs the rules within the deadline
 * ({@link DeadlineDecider}), then logs, counts and sends the decision, or the answer that the review
 * was not checked ({@link Unchecked}).
 *
 * <p>Bodies up to {@code inlineMaxBytes} are decided right here on the event loop: decoding and the
 * rules are CPU work bounded by the body's size (a few hundred microseconds at 64 KiB), less than a hop
 * to a worker thread and back costs a loaded server. Larger bodies (a 3 MiB object takes long enough
 * to stall the event loop) go to the worker pool.
 */
final class ValidateHandler {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final DeadlineDecider decider;
  private final Supplier<Admission> admission;
  private final WebhookMetrics metrics;
  private final JsonLog log;
  private final Unchecked unchecked;
  private final long inlineMaxBytes;

  ValidateHandler(Vertx vertx, WorkerExecutor workers, Supplier<Admission> admission, WebhookOptions options,
      WebhookMetrics metrics, JsonLog log, Unchecked unchecked) {
    this.decider = new DeadlineDecider(vertx, workers, options.deadline(), options.maxFindings());
    this.inlineMaxBytes = options.inlineMaxBytes();
    this.admission = admission;
    this.metrics = metrics;
    this.log = log;
    this.unchecked = unchecked;
  }

  /** Decides a review whose body has arrived whole; from here this handler owns what the body holds. */
  void validate(RoutingContext ctx, Body body) {
    long start = System.nanoTime();
    // 0 sends every body to the pool, the empty one included.
    DecisionPath path = inlineMaxBytes > 0 && body.length() <= inlineMaxBytes
        ? DecisionPath.EVENT_LOOP
        : DecisionPath.WORKER_POOL;
    RequestTrace.bodyWhole(ctx, start, path == DecisionPath.EVENT_LOOP);
    if (body.length() == 0) {
      body.holder.close();
      badRequest(ctx, new MalformedReviewException("the body is empty; expected an AdmissionReview"), path);
      return;
    }
    Admission current = admission.get();
    Cancellation token = decider.token();
    ctx.response().closeHandler(v -> token.cancel(DeadlineDecider.GONE));
    decider.decide(current, body, token, start, path)
        .onFailure(e -> ctx.fail(e))
        .onSuccess(result -> {
          RequestTrace.decided(ctx);
          Duration took = Duration.ofNanos(System.nanoTime() - start);
          if (result instanceof DeadlineDecider.Decided decided) {
            answer(ctx, decided.decision(), took, path);
          } else if (result instanceof DeadlineDecider.NotChecked notChecked) {
            unchecked.answer(ctx, notChecked.reason(), notChecked.request(), path, took);
          } else if (result instanceof DeadlineDecider.NotAReview notAReview) {
            badRequest(ctx, notAReview.error(), path);
          }
        });
  }

  /** Counts, logs and sends a decision; {@code path} is where it was made, for the log line. */
  private void answer(RoutingContext ctx, Decision decision, Duration took, DecisionPath path) {
    if (ctx.response().ended() || ctx.response().closed()) {
      return;
    }
    Decision.Outcome outcome = decision.outcome();
    metrics.decided(decision, outcome, took);
    log.infoBatched("decision", line -> {
      AdmissionRequest r = decision.request();
      line.put("uid", r.uid());
      line.put("kind", r.kind());
      line.put("namespace", r.namespace());
      line.put("name", r.name());
      line.put("operation", r.operation());
      line.put("subResource", r.subResource());
      line.put("dryRun", r.dryRun());
      line.put("evaluation", decision.evaluation().label());
      line.put("mode", decision.mode().label());
      line.put("decision", outcome.label());
      decision.ruleIds().forEach(line.putArray("rules")::add);
      line.put("findings", decision.findingCount());
      decision.notes().forEach(line.putArray("notes")::add);
      line.put("durationMs", took.toNanos() / 1e6);
      line.put("path", path.label());
    });
    try {
      AnswerWrites.sent(ctx, ctx.response().putHeader("content-type", "application/json")
          .end(Buffer.buffer(JSON.writeValueAsBytes(AdmissionResponses.of(decision)))));
      RequestTrace.written(ctx);
    } catch (JsonProcessingException e) {
      ctx.fail(e);
    }
  }

  /**
   * A body that is not a review. The client is told where and why, with the offending token when it is
   * not JSON; the log is told only where, since the token is the body's (a secret, for all the server
   * knows).
   */
  private void badRequest(RoutingContext ctx, Exception e, DecisionPath path) {
    String message;
    String logged;
    if (e instanceof MalformedReviewException) {
      message = e.getMessage();
      logged = message;
    } else if (e instanceof JsonProcessingException json) {
      message = "the body is not valid JSON: " + json.getOriginalMessage();
      logged = json.getLocation() == null
          ? "the body is not valid JSON"
          : "the body is not valid JSON at line " + json.getLocation().getLineNr() + ", column "
              + json.getLocation().getColumnNr();
    } else {
      message = "cannot read the request: " + e;
      logged = message;
    }
    log.warn("bad request", line -> line.put("error", logged).put("path", path.label()));
    ErrorResponses.send(ctx, 400, message);
  }
}
