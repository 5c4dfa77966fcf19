package dev.condlint.rules.kstatus;

/**
 * kstatus cannot compute a status: a field has the wrong type (a string or float generation, a
 * status that is not an object) or a Pod has a phase kstatus does not know. Upstream {@code Compute}
 * returns an error in the same cases.
 */
public final class KstatusException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  KstatusException(String message) {
    super(message);
  }
}
