package dev.condlint.certs;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a webhook's TLS needs, as stored in its Secret or directory: the CA that signs (with its key,
 * so that the serving certificate can be renewed), the CA bundle the API server trusts (the current
 * CA first, then older CAs still valid during a CA rotation), and the serving certificate.
 */
public record CertificateBundle(ServingCertificate authority, List<X509Certificate> trusted, ServingCertificate serving) {
  public static final String CA_CERT = "ca.crt";
  public static final String CA_KEY = "ca.key";
  public static final String TLS_CERT = "tls.crt";
  public static final String TLS_KEY = "tls.key";
  public static final List<String> FILE_NAMES = List.of(CA_CERT, CA_KEY, TLS_CERT, TLS_KEY);

  public CertificateBundle {
    trusted = List.copyOf(trusted);
  }

  /** The CA bundle in PEM, as {@code caBundle} (base64 of it) and {@code ca.crt} hold it. */
  public String trustedPem() {
    return new ServingCertificate(trusted, authority.privateKey()).certificatePem();
  }

  /** The four files, by name ({@code ca.crt}, {@code ca.key}, {@code tls.crt}, {@code tls.key}). */
  public Map<String, String> files() {
    Map<String, String> files = new LinkedHashMap<>();
    files.put(CA_CERT, trustedPem());
    files.put(CA_KEY, authority.privateKeyPem());
    files.put(TLS_CERT, serving.certificatePem());
    files.put(TLS_KEY, serving.privateKeyPem());
    return files;
  }

  /**
   * Reads the four files back; empty when any is missing or blank (nothing was created yet: a
   * Secret made empty beforehand, or one made by someone else without the CA key). The signing CA
   * is the bundle's first certificate.
   */
  public static Optional<CertificateBundle> fromFiles(Map<String, String> files) {
    if (FILE_NAMES.stream().anyMatch(name -> files.getOrDefault(name, "").isBlank())) {
      return Optional.empty();
    }
    List<X509Certificate> trusted = certificates(files.get(CA_CERT));
    ServingCertificate authority = ServingCertificate.fromPem(files.get(CA_CERT), files.get(CA_KEY));
    return Optional.of(new CertificateBundle(new ServingCertificate(List.of(authority.certificate()), authority.privateKey()),
        trusted, ServingCertificate.fromPem(files.get(TLS_CERT), files.get(TLS_KEY))));
  }

  /** The certificates in a PEM text; fails when there are none or one cannot be read. */
  public static List<X509Certificate> certificates(String pem) {
    try {
      List<X509Certificate> certificates = CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)))
          .stream().map(X509Certificate.class::cast).toList();
      if (certificates.isEmpty()) {
        throw new IllegalArgumentException("no PEM certificate found");
      }
      return certificates;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot read the certificates: " + e.getMessage(), e);
    }
  }
}
