package dev.condlint.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionRequest;
import dev.condlint.admission.AdmissionResponses;
import dev.condlint.admission.Decision;
import dev.condlint.admission.MalformedReviewException;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * {@code POST /validate}: parses the review and runs the rules on a worker pool (a 3 MiB object takes
 * long enough to stall the event loop), answers within the deadline or allows the request unchecked
 * (fail open), then logs and counts the decision.
 */
final class ValidateHandler implements Handler<RoutingContext> {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Vertx vertx;
  private final WorkerExecutor workers;
  private final Supplier<Admission> admission;
  private final Duration deadline;
  private final WebhookMetrics metrics;
  private final JsonLog log;

  ValidateHandler(Vertx vertx, WorkerExecutor workers, Supplier<Admission> admission, Duration deadline,
      WebhookMetrics metrics, JsonLog log) {
    this.vertx = vertx;
    this.workers = workers;
    this.admission = admission;
    this.deadline = deadline;
    this.metrics = metrics;
    this.log = log;
  }

  @Override
  public void handle(RoutingContext ctx) {
    long start = System.nanoTime();
    Buffer body = ctx.body().buffer();
    Admission current = admission.get();
    workers.<AdmissionRequest>executeBlocking(() -> parse(body), false)
        .onFailure(e -> badRequest(ctx, e))
        .onSuccess(request -> decideWithin(current, request, start)
            .onSuccess(decision -> answer(ctx, decision, start)));
  }

  private static AdmissionRequest parse(Buffer body) throws MalformedReviewException {
    if (body == null || body.length() == 0) {
      throw new MalformedReviewException("the body is empty; expected an AdmissionReview");
    }
    try {
      return AdmissionRequest.parse(JSON.readTree(body.getBytes()));
    } catch (JsonProcessingException e) {
      throw new MalformedReviewException("the body is not valid JSON: " + e.getOriginalMessage());
    } catch (java.io.IOException e) {
      throw new MalformedReviewException("the body cannot be read: " + e.getMessage());
    }
  }

  private Future<Decision> decideWithin(Admission current, AdmissionRequest request, long start) {
    Promise<Decision> decided = Promise.promise();
    long left = Math.max(1, deadline.toMillis() - Duration.ofNanos(System.nanoTime() - start).toMillis());
    long timer = vertx.setTimer(left, t -> decided.tryComplete(Decision.failOpen(request, current.mode(),
        "condlint did not finish within " + deadline.toMillis() + " ms and allowed the request unchecked")));
    workers.executeBlocking(() -> current.decide(request), false)
        .onComplete(result -> {
          vertx.cancelTimer(timer);
          decided.tryComplete(result.succeeded()
              ? result.result()
              : Decision.failOpen(request, current.mode(), "condlint failed (" + result.cause() + ") and allowed the request unchecked"));
        });
    return decided.future();
  }

  private void answer(RoutingContext ctx, Decision decision, long start) {
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    metrics.decided(decision, took);
    log.info("decision", line -> {
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
      line.put("decision", decision.outcome());
      decision.ruleIds().forEach(line.putArray("rules")::add);
      line.put("findings", decision.findings().size());
      decision.notes().forEach(line.putArray("notes")::add);
      line.put("durationMs", took.toNanos() / 1e6);
    });
    try {
      ctx.response().putHeader("content-type", "application/json")
          .end(Buffer.buffer(JSON.writeValueAsBytes(AdmissionResponses.of(decision))));
    } catch (JsonProcessingException e) {
      ctx.fail(e);
    }
  }

  private void badRequest(RoutingContext ctx, Throwable e) {
    String message = e instanceof MalformedReviewException ? e.getMessage() : "cannot read the request: " + e;
    log.warn("bad request", line -> line.put("error", message));
    ErrorResponses.send(ctx, 400, message);
  }
}
