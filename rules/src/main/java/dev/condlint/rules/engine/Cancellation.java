package dev.condlint.rules.engine;

import java.util.ArrayList;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Stops an evaluation from outside, cooperatively: whoever started it calls {@link #cancel}, from any
 * thread, and the engine stops at its next checkpoint by throwing {@link Cancelled}. The checkpoints
 * are between rules, between the versions of a CRD, between the engine's stages, and at each finding a
 * rule reports, so a rule that reports on every item of a long list stops between two items. A token
 * can also stop an evaluation by itself once its rules have reported more than a limit of findings:
 * past that, the findings alone outgrow what any caller can use, and they would all stay in memory
 * until the engine has sorted and filtered them.
 *
 * <p>The engine finds the token through the thread that runs {@link #run}: its methods keep their
 * signatures, and an evaluation outside {@code run} cannot be cancelled. A token serves one evaluation
 * at a time.
 */
public final class Cancellation {
  private static final ThreadLocal<Cancellation> CURRENT = new ThreadLocal<>();
  /** The token of evaluations nobody can cancel. */
  private static final Cancellation NONE = new Cancellation(Integer.MAX_VALUE);

  private final int reportLimit;
  private volatile String reason;
  // Only the evaluating thread counts.
  private int reports;

  private Cancellation(int reportLimit) {
    this.reportLimit = reportLimit;
  }

  /** A token that stops its evaluation when cancelled. */
  public static Cancellation create() {
    return new Cancellation(Integer.MAX_VALUE);
  }

  /** A token that also stops its evaluation once its rules have reported more than {@code limit} findings. */
  public static Cancellation withReportLimit(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("the report limit must be 0 or more: " + limit);
    }
    return new Cancellation(limit);
  }

  /** Asks the evaluation to stop at its next checkpoint; the first reason given is the one kept. */
  public void cancel(String why) {
    synchronized (this) {
      if (reason == null) {
        reason = why;
      }
    }
  }

  /** Why the evaluation was asked to stop; empty while nobody has asked. */
  public Optional<String> reason() {
    return Optional.ofNullable(reason);
  }

  /**
   * Runs an evaluation with this token bound to the current thread.
   *
   * @throws Cancelled when the evaluation stopped at a checkpoint
   */
  public <T> T run(Supplier<T> evaluation) {
    Cancellation outer = CURRENT.get();
    CURRENT.set(this);
    try {
      checkpoint();
      return evaluation.get();
    } finally {
      // Restored, not removed: a removed entry is made again (and the thread's map swept) by the next
      // evaluation's get() on this thread, an event loop's on every request; a null entry reads as none.
      CURRENT.set(outer);
    }
  }

  /** The token of the evaluation running on this thread; one that never stops outside {@link #run}. */
  static Cancellation current() {
    Cancellation token = CURRENT.get();
    return token == null ? NONE : token;
  }

  /** Throws {@link Cancelled} once the evaluation was asked to stop. */
  void checkpoint() {
    String why = reason;
    if (why != null) {
      throw new Cancelled(why);
    }
  }

  /** A rule reported a finding: a checkpoint that also counts it against the limit. */
  void reported() {
    if (++reports > reportLimit) {
      cancel("its rules reported more than " + reportLimit + " findings");
    }
    checkpoint();
  }

  /** The list a rule reports into: each report is a checkpoint. */
  <T> ArrayList<T> reports() {
    return this == NONE ? new ArrayList<>() : new CheckedReports<>(this);
  }

  /** A list whose every addition is a {@link #reported} checkpoint. */
  private static final class CheckedReports<T> extends ArrayList<T> {
    private static final long serialVersionUID = 1L;
    private final transient Cancellation token;

    CheckedReports(Cancellation token) {
      this.token = token;
    }

    @Override
    public boolean add(T report) {
      token.reported();
      return super.add(report);
    }
  }

  /** The evaluation stopped at a checkpoint; the message says why it was asked to. */
  public static final class Cancelled extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Cancelled(String reason) {
      // Thrown to unwind an evaluation, not to report a fault: no stack trace to fill.
      super(reason, null, false, false);
    }
  }
}
