package dev.condlint.certs;

import java.security.GeneralSecurityException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides whether a bundle needs new certificates, and makes them. A certificate is renewed when
 * less than a third of its lifetime is left; a renewed CA stays in the bundle next to the old one
 * until the old one expires, so that serving certificates of either are trusted during the overlap.
 * The same bundle at the same time always gives the same answer, so running it again is harmless.
 */
public final class Rotation {
  private final Clock clock;
  private final RotationPolicy policy;
  private final CertificateIssuer issuer;

  public Rotation(Clock clock, RotationPolicy policy) {
    this.clock = clock;
    this.policy = policy;
    this.issuer = new CertificateIssuer(clock, policy.algorithm());
  }

  /** A new CA and serving certificate. */
  public CertificateBundle create() {
    ServingCertificate authority = issuer.authority(policy.name(), policy.caValidity());
    return new CertificateBundle(authority, authority.chain(), issue(authority));
  }

  /** The renewed bundle, or empty when {@code current} is still good. */
  public Optional<CertificateBundle> renew(CertificateBundle current) {
    Instant now = clock.instant();
    ServingCertificate authority = current.authority();
    List<X509Certificate> trusted = new ArrayList<>();
    if (needsRenewal(authority.certificate(), now)) {
      authority = issuer.authority(policy.name(), policy.caValidity());
      trusted.add(authority.certificate());
    }
    current.trusted().stream().filter(ca -> now.isBefore(ca.getNotAfter().toInstant())).forEach(trusted::add);
    ServingCertificate serving = current.serving();
    if (authority != current.authority() || needsRenewal(serving.certificate(), now)
        || !signedBy(serving.certificate(), authority.certificate()) || !namesMatch(serving.certificate())) {
      serving = issue(authority);
    }
    if (serving == current.serving() && trusted.equals(current.trusted())) {
      return Optional.empty();
    }
    return Optional.of(new CertificateBundle(authority, trusted, serving));
  }

  /** Whether less than a third of the certificate's lifetime is left at {@code now}. */
  public static boolean needsRenewal(X509Certificate certificate, Instant now) {
    return now.isAfter(renewalTime(certificate));
  }

  /** The moment a third of the certificate's lifetime is left; renewal comes due right after it. */
  public static Instant renewalTime(X509Certificate certificate) {
    Instant notAfter = certificate.getNotAfter().toInstant();
    return notAfter.minus(Duration.between(certificate.getNotBefore().toInstant(), notAfter).dividedBy(3));
  }

  private ServingCertificate issue(ServingCertificate authority) {
    return issuer.serving(authority, policy.names(), policy.servingValidity());
  }

  private static boolean signedBy(X509Certificate certificate, X509Certificate ca) {
    try {
      certificate.verify(ca.getPublicKey());
      return true;
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private boolean namesMatch(X509Certificate certificate) {
    try {
      Collection<List<?>> names = Objects.requireNonNullElse(certificate.getSubjectAlternativeNames(), List.of());
      return names.stream().map(n -> String.valueOf(n.get(1))).toList().equals(policy.names());
    } catch (CertificateParsingException e) {
      return false;
    }
  }
}
