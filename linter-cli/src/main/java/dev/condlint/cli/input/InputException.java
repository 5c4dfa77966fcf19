package dev.condlint.cli.input;

/** Thrown while reading one input; the caller turns it into an {@link InputError} and goes on. */
public final class InputException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient InputError error;

  public InputException(InputError error) {
    super(error.message(), null, false, false);
    this.error = error;
  }

  public InputError error() {
    return error;
  }
}
