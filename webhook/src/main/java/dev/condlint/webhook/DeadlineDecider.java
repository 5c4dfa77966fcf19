package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionRequest;
import dev.condlint.admission.Decision;
import dev.condlint.admission.ReviewDecoder;
import dev.condlint.rules.engine.Cancellation;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Decodes and decides one request on its {@link DecisionPath} within the deadline. Work ends with its
 * request: at the deadline (counted from the end of the body) a timer answers that the review was not
 * checked and cancels the evaluation, which stops at its next checkpoint between rules or findings
 * ({@link Cancellation}); so does a request whose client went away. What the request holds of the
 * in-flight bound stays held until the work has stopped, not just until the answer: the decoded
 * objects of an evaluation that outlived its answer are still in memory.
 *
 * <p>On the worker pool the timer runs on the event loop while the rules run; on the event loop nothing
 * can interrupt them (a body there is small, and its findings are limited), so a decision that came too
 * late is replaced by the answer the timer would have given.
 */
final class DeadlineDecider {
  /**
   * What a decoded request holds of the bound, per byte of its decoded objects: the objects, and what
   * evaluating them builds (the condition lists and their conditions, the contracts, the findings up to
   * their limit), which measured below the objects' own size on reviews of 50,000 conditions.
   */
  static final int EVALUATION_FACTOR = 2;

  /** How a request ended. */
  sealed interface Result {}

  /** The rules decided. */
  record Decided(Decision decision) implements Result {}

  /** The review was read but not checked. */
  record NotChecked(Unchecked.Reason reason, Optional<AdmissionRequest> request) implements Result {}

  /** The body is not a review: {@code error} says why. */
  record NotAReview(Exception error) implements Result {}

  private final Vertx vertx;
  private final WorkerExecutor workers;
  private final Duration deadline;
  private final int maxFindings;

  DeadlineDecider(Vertx vertx, WorkerExecutor workers, Duration deadline, int maxFindings) {
    this.vertx = vertx;
    this.workers = workers;
    this.deadline = deadline;
    this.maxFindings = maxFindings;
  }

  /** The token a request's evaluation runs under: cancelled at the deadline, or when its client goes away. */
  Cancellation token() {
    return Cancellation.withReportLimit(maxFindings);
  }

  /**
   * Decodes and decides one body on {@code path}, never later than the deadline counted from {@code
   * start} (a {@link System#nanoTime} value). The body's holder is closed once the work has stopped.
   */
  Future<Result> decide(Admission admission, Body body, Cancellation token, long start, DecisionPath path) {
    Promise<Result> answered = Promise.promise();
    AtomicReference<AdmissionRequest> read = new AtomicReference<>();
    Callable<Result> task = () -> {
      try {
        return work(admission, body, token, start, read);
      } finally {
        body.drop();
        body.holder.close();
      }
    };
    if (path == DecisionPath.EVENT_LOOP) {
      try {
        answered.complete(task.call());
      } catch (Exception e) {
        answered.fail(e);
      }
      return answered.future();
    }
    long timer = vertx.setTimer(Math.max(1, deadline.minusNanos(System.nanoTime() - start).toMillis()), t -> {
      token.cancel(DEADLINE);
      answered.tryComplete(new NotChecked(Unchecked.Reason.DEADLINE, Optional.ofNullable(read.get())));
    });
    workers.executeBlocking(task, false).onComplete(result -> {
      vertx.cancelTimer(timer);
      if (result.succeeded()) {
        answered.tryComplete(result.result());
      } else {
        // The task may never have run (the pool was closed): what the body held is given back here.
        body.holder.close();
        answered.tryFail(result.cause());
      }
    });
    return answered.future();
  }

  /** The reasons this class cancels for; any other is the token's own limit of findings. */
  static final String DEADLINE = "the deadline passed";
  static final String GONE = "the client went away";

  private Result work(Admission admission, Body body, Cancellation token, long start,
      AtomicReference<AdmissionRequest> read) throws Exception {
    if (token.reason().isPresent()) {
      // Waited for a worker past the deadline, or its client went away: nothing to start.
      return new NotChecked(Unchecked.Reason.DEADLINE, Optional.empty());
    }
    ReviewDecoder.Decoded decoded;
    try {
      decoded = admission.decoder().decode(body);
    } catch (Exception notAReview) {
      return new NotAReview(notAReview);
    }
    body.drop();
    AdmissionRequest request = decoded.request();
    read.set(request);
    if (!body.holder.replace(decoded.treeBytes() * EVALUATION_FACTOR)) {
      return new NotChecked(Unchecked.Reason.BOUND, Optional.of(request));
    }
    Optional<String> tooLarge = CrdSchemaCap.over(request, CrdSchemaCap.MAX_PROPERTIES);
    if (tooLarge.isPresent()) {
      // Work bounded by the CRD's size, not by the deadline: see CrdSchemaCap.
      return new Decided(Decision.failOpen(request, admission.mode(), tooLarge.get()));
    }
    Decision decision;
    try {
      decision = admission.decide(request, token);
    } catch (Cancellation.Cancelled stopped) {
      boolean ours = DEADLINE.equals(stopped.getMessage()) || GONE.equals(stopped.getMessage());
      return new NotChecked(ours ? Unchecked.Reason.DEADLINE : Unchecked.Reason.FINDINGS, Optional.of(request));
    } catch (Throwable e) {
      decision = Decision.failOpen(request, admission.mode(), "condlint failed (" + e + ") and allowed the request unchecked");
    }
    if (System.nanoTime() - start > deadline.toNanos()) {
      return new NotChecked(Unchecked.Reason.DEADLINE, Optional.of(request));
    }
    return new Decided(decision);
  }
}
