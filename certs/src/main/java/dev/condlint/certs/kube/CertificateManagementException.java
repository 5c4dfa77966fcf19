package dev.condlint.certs.kube;

/** Certificates could not be read, stored or injected; the message says which step and why. */
public final class CertificateManagementException extends RuntimeException {
  public CertificateManagementException(String message) {
    super(message);
  }

  public CertificateManagementException(String message, Throwable cause) {
    super(message, cause);
  }
}
