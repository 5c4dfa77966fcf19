package dev.condlint.cluster;

/**
 * A request the API server refused, or that got no answer ({@link #code} 0): what failed, the HTTP
 * status and the server's {@code Status} reason and message when it sent one.
 */
public final class ApiException extends Exception {
  private final int code;
  private final String reason;

  public ApiException(int code, String reason, String message) {
    super(message);
    this.code = code;
    this.reason = reason;
  }

  public ApiException(String message, Throwable cause) {
    super(message, cause);
    this.code = 0;
    this.reason = "";
  }

  /** The HTTP status; 0 when the server could not be reached or did not answer in time. */
  public int code() {
    return code;
  }

  /** The {@code Status} reason ({@code Forbidden}, {@code Expired}, ...); empty when there is none. */
  public String reason() {
    return reason;
  }

  /** A later try may succeed: no answer, throttling, a server error. */
  public boolean retriable() {
    return code == 0 || code == 429 || code >= 500;
  }

  /** {@code HTTP 403 Forbidden: message}, or the message alone when there was no answer. */
  public String describe() {
    if (code == 0) {
      return getMessage();
    }
    return "HTTP " + code + (reason.isEmpty() ? "" : " " + reason) + ": " + getMessage();
  }
}
