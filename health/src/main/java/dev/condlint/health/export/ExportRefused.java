package dev.condlint.health.export;

/** A kind condlint cannot export a script for, with the reason in words for the user. */
public final class ExportRefused extends Exception {
  public ExportRefused(String message) {
    super(message);
  }
}
