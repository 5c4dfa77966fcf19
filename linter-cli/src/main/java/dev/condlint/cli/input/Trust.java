package dev.condlint.cli.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** An SSL context that trusts the certificates of a PEM file, and only those ({@code SSL_CERT_FILE}). */
final class Trust {
  private Trust() {}

  static SSLContext of(Path pemFile) {
    try (InputStream in = Files.newInputStream(pemFile)) {
      Collection<? extends Certificate> certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
      if (certificates.isEmpty()) {
        throw new IllegalArgumentException("SSL_CERT_FILE " + pemFile + " holds no certificate");
      }
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (Certificate certificate : certificates) {
        store.setCertificateEntry("ca-" + i++, certificate);
      }
      TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("SSL_CERT_FILE " + pemFile + " cannot be read: " + e.getMessage(), e);
    }
  }
}
