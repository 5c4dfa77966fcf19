package dev.condlint.webhook;

/**
 * A request the server answers with an error status instead of a decision; its message is the JSON
 * error's text, and goes into the warn log line too, so it must hold nothing of the body.
 */
final class Refusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  Refusal(String message) {
    super(message, null, false, false);
  }
}
