package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionRequest;
import dev.condlint.admission.Decision;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Runs a request's steps on its {@link DecisionPath} and decides it within the deadline, or allows it
 * unchecked (fails open) when the rules fail or take too long. Both paths settle a decision the same
 * way; they differ only in where the steps run and in who can answer at the deadline: on the worker
 * pool a timer answers while the rules still run, while on the event loop nothing can interrupt them,
 * so a decision that came too late is replaced by the answer the timer would have given.
 */
final class DeadlineDecider {
  private final Vertx vertx;
  private final WorkerExecutor workers;
  private final Duration deadline;

  DeadlineDecider(Vertx vertx, WorkerExecutor workers, Duration deadline) {
    this.vertx = vertx;
    this.workers = workers;
    this.deadline = deadline;
  }

  /** Runs {@code step} on {@code path}; a Throwable it throws fails the future, as on the worker pool. */
  <T> Future<T> run(DecisionPath path, Callable<T> step) {
    if (path == DecisionPath.WORKER_POOL) {
      return workers.executeBlocking(step, false);
    }
    try {
      return Future.succeededFuture(step.call());
    } catch (Throwable e) {
      return Future.failedFuture(e);
    }
  }

  /** The decision on {@code request}, never later than the deadline counted from {@code start} (nanoTime). */
  Future<Decision> decide(Admission admission, AdmissionRequest request, long start, DecisionPath path) {
    Promise<Decision> decided = Promise.promise();
    long timer = path == DecisionPath.WORKER_POOL
        ? vertx.setTimer(Math.max(1, deadline.minusNanos(System.nanoTime() - start).toMillis()),
            t -> decided.tryComplete(Decision.failOpen(request, admission.mode(), overDeadline())))
        : -1;
    run(path, () -> admission.decide(request)).onComplete(result -> {
      if (timer >= 0) {
        vertx.cancelTimer(timer);
      }
      decided.tryComplete(settle(admission, request, result, start));
    });
    return decided.future();
  }

  private Decision settle(Admission admission, AdmissionRequest request, AsyncResult<Decision> result, long start) {
    if (result.failed()) {
      return Decision.failOpen(request, admission.mode(),
          "condlint failed (" + result.cause() + ") and allowed the request unchecked");
    }
    if (System.nanoTime() - start > deadline.toNanos()) {
      return Decision.failOpen(request, admission.mode(), overDeadline());
    }
    return result.result();
  }

  private String overDeadline() {
    return "condlint did not finish within " + deadline.toMillis() + " ms and allowed the request unchecked";
  }
}
