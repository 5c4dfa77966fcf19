package dev.condlint.webhook;

/** Where a request was read and decided, or why it was not; the decision log line's {@code path}. */
enum DecisionPath {
  /** Small bodies: decoding and the rules take less than a hop to a worker thread and back. */
  EVENT_LOOP("event-loop"),
  /** Larger bodies: the deadline can answer while the rules still run. */
  WORKER_POOL("worker-pool"),
  /** Not decided: the bytes of bodies in flight were at their bound, so the request was allowed unchecked. */
  OVER_BUDGET("over-budget");

  private final String label;

  DecisionPath(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }
}
