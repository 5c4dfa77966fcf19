package dev.condlint.webhook;

/** Where a request was read and decided, or given up on; the log line's {@code path}. */
enum DecisionPath {
  /** Given up while its body was arriving: it did not fit the in-flight bound. */
  READING("reading"),
  /** Small bodies: decoding and the rules take less than a hop to a worker thread and back. */
  EVENT_LOOP("event-loop"),
  /** Larger bodies: the deadline can answer while the rules still run. */
  WORKER_POOL("worker-pool");

  private final String label;

  DecisionPath(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }
}
