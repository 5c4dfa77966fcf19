package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionRequest;
import dev.condlint.admission.Decision;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Parses and decides a request on its {@link DecisionPath} within the deadline, or allows it unchecked
 * (fails open) when the rules fail or take too long. Both paths settle a decision the same way; they
 * differ only in where the task runs and in who can answer at the deadline: on the worker pool a timer
 * answers while the rules still run, while on the event loop nothing can interrupt them, so a decision
 * that came too late is replaced by the answer the timer would have given.
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

  /**
   * Parses and decides one request on {@code path}, never later than the deadline counted from
   * {@code start} (a {@link System#nanoTime} value). Fails only when {@code parse} does: the body is not
   * a review. Parsing and deciding are one task, so that a request's decoded tree is built only when a
   * thread is free to decide it: parsed trees waiting for a thread held many times the bodies' bytes.
   */
  Future<Decision> decide(Admission admission, Callable<AdmissionRequest> parse, long start, DecisionPath path) {
    Promise<Decision> decided = Promise.promise();
    Context eventLoop = vertx.getOrCreateContext();
    long[] timer = {-1};
    Callable<Decision> task = () -> {
      AdmissionRequest request = parse.call();
      if (path == DecisionPath.WORKER_POOL) {
        // Armed on the event loop, which runs this before it hears that the task is done.
        eventLoop.runOnContext(v -> timer[0] = vertx.setTimer(
            Math.max(1, deadline.minusNanos(System.nanoTime() - start).toMillis()),
            t -> decided.tryComplete(Decision.failOpen(request, admission.mode(), overDeadline()))));
      }
      return settle(admission, request, start);
    };
    Future<Decision> done;
    if (path == DecisionPath.WORKER_POOL) {
      done = workers.executeBlocking(task, false);
    } else {
      try {
        done = Future.succeededFuture(task.call());
      } catch (Exception e) {
        done = Future.failedFuture(e);
      }
    }
    done.onComplete(result -> {
      if (timer[0] >= 0) {
        vertx.cancelTimer(timer[0]);
      }
      if (result.succeeded()) {
        decided.tryComplete(result.result());
      } else {
        decided.tryFail(result.cause());
      }
    });
    return decided.future();
  }

  /** The rules' decision, or the fail-open one when they fail or finish after the deadline. */
  private Decision settle(Admission admission, AdmissionRequest request, long start) {
    Decision decision;
    try {
      decision = admission.decide(request);
    } catch (Throwable e) {
      decision = Decision.failOpen(request, admission.mode(), "condlint failed (" + e + ") and allowed the request unchecked");
    }
    if (System.nanoTime() - start > deadline.toNanos()) {
      return Decision.failOpen(request, admission.mode(), overDeadline());
    }
    return decision;
  }

  private String overDeadline() {
    return "condlint did not finish within " + deadline.toMillis() + " ms and allowed the request unchecked";
  }
}
