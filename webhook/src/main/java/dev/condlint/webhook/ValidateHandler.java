package dev.condlint.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionRequest;
import dev.condlint.admission.AdmissionResponses;
import dev.condlint.admission.Decision;
import dev.condlint.admission.MalformedReviewException;
import io.netty.buffer.ByteBuf;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * {@code POST /validate}: parses the review and runs the rules within the deadline (or allows the
 * request unchecked, {@link DeadlineDecider}), then logs, counts and sends the decision.
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
  private final long inlineMaxBytes;

  ValidateHandler(Vertx vertx, WorkerExecutor workers, Supplier<Admission> admission, Duration deadline,
      long inlineMaxBytes, WebhookMetrics metrics, JsonLog log) {
    this.decider = new DeadlineDecider(vertx, workers, deadline);
    this.inlineMaxBytes = inlineMaxBytes;
    this.admission = admission;
    this.metrics = metrics;
    this.log = log;
  }

  /** Decides a review whose body was read whole. */
  void validate(RoutingContext ctx, Buffer body) {
    long start = System.nanoTime();
    Admission current = admission.get();
    // 0 sends every body to the pool, the empty one included.
    DecisionPath path = inlineMaxBytes > 0 && body.length() <= inlineMaxBytes
        ? DecisionPath.EVENT_LOOP
        : DecisionPath.WORKER_POOL;
    decider.decide(current, () -> parse(body), start, path)
        .onFailure(e -> badRequest(ctx, e, path))
        .onSuccess(decision -> answer(ctx, decision, start, path));
  }

  /**
   * Allows a review unchecked, saying why, when the server held as many bytes of bodies as it may: a
   * 200 the API server applies whatever the webhook's failurePolicy, where a 429 would deny writes
   * under {@code failurePolicy: Fail}. Only a head without a uid to answer gets 429.
   */
  void overBudget(RoutingContext ctx, Buffer head, InflightBudget budget) {
    long start = System.nanoTime();
    Admission current = admission.get();
    ReviewHead.read(head).ifPresentOrElse(
        request -> answer(ctx, Decision.failOpen(request, current.mode(), "condlint was at its bound of "
            + budget.max() + " bytes of reviews in flight and allowed the request unchecked"), start,
            DecisionPath.OVER_BUDGET),
        () -> {
          ctx.response().putHeader("retry-after", "1");
          ErrorResponses.refuse(log, ctx, 429, "condlint is at its bound of " + budget.max() + " bytes of reviews in"
              + " flight and cannot allow this one unchecked: its uid does not come before its objects; retry");
        });
  }

  /**
   * A body that is not JSON. The client is told where and why, with the offending token; the log is
   * told only where, since the token is the body's (a secret, for all the server knows).
   */
  private static final class NotJson extends Exception {
    private static final long serialVersionUID = 1L;
    private final String logged;

    NotJson(JsonProcessingException e) {
      super("the body is not valid JSON: " + e.getOriginalMessage(), null, false, false);
      this.logged = e.getLocation() == null
          ? "the body is not valid JSON"
          : "the body is not valid JSON at line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr();
    }
  }

  private static AdmissionRequest parse(Buffer body) throws MalformedReviewException, NotJson {
    if (body == null || body.length() == 0) {
      throw new MalformedReviewException("the body is empty; expected an AdmissionReview");
    }
    try {
      // Straight from the request's buffer when it has an array: no copy of the body.
      ByteBuf bytes = body.getByteBuf();
      return AdmissionRequest.parse(bytes.hasArray()
          ? JSON.readTree(bytes.array(), bytes.arrayOffset() + bytes.readerIndex(), bytes.readableBytes())
          : JSON.readTree(body.getBytes()));
    } catch (JsonProcessingException e) {
      throw new NotJson(e);
    } catch (java.io.IOException e) {
      throw new MalformedReviewException("the body cannot be read: " + e.getMessage());
    }
  }

  /** Counts, logs and sends a decision; {@code path} is where it was made, for the log line. */
  private void answer(RoutingContext ctx, Decision decision, long start, DecisionPath path) {
    Duration took = Duration.ofNanos(System.nanoTime() - start);
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
      line.put("findings", decision.findings().size());
      decision.notes().forEach(line.putArray("notes")::add);
      line.put("durationMs", took.toNanos() / 1e6);
      line.put("path", path.label());
    });
    try {
      ctx.response().putHeader("content-type", "application/json")
          .end(Buffer.buffer(JSON.writeValueAsBytes(AdmissionResponses.of(decision))));
    } catch (JsonProcessingException e) {
      ctx.fail(e);
    }
  }

  private void badRequest(RoutingContext ctx, Throwable e, DecisionPath path) {
    String message = e instanceof MalformedReviewException || e instanceof NotJson
        ? e.getMessage()
        : "cannot read the request: " + e;
    String logged = e instanceof NotJson notJson ? notJson.logged : message;
    log.warn("bad request", line -> line.put("error", logged).put("path", path.label()));
    ErrorResponses.send(ctx, 400, message);
  }
}
