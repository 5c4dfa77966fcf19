package dev.condlint.admission;

/** The input is not an AdmissionReview the webhook can answer; the HTTP layer maps it to 400. */
public final class MalformedReviewException extends Exception {
  private static final long serialVersionUID = 1L;

  public MalformedReviewException(String message) {
    super(message);
  }
}
