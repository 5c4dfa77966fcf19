package dev.condlint.certs;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Issues a webhook's CA and its serving certificates, dated by an injectable clock. */
public final class CertificateIssuer {
  /** Certificates start this much before "now", so that a node whose clock is behind accepts them. */
  static final Duration BACKDATE = Duration.ofMinutes(5);

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Clock clock;
  private final KeyAlgorithm algorithm;

  public CertificateIssuer(Clock clock, KeyAlgorithm algorithm) {
    this.clock = clock;
    this.algorithm = algorithm;
  }

  /**
   * A self-signed CA that may sign only end-entity certificates. Its name carries the time it was
   * made, so that the old and the new CA of a rotation are told apart in a bundle.
   */
  public ServingCertificate authority(String name, Duration validity) {
    KeyPair keys = algorithm.generate(RANDOM);
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    X500Name subject = new X500Name("CN=" + name + " CA " + now);
    try {
      X509v3CertificateBuilder builder = builder(subject, subject, now, now.plus(validity), keys.getPublic());
      JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
      builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
      builder.addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(keys.getPublic()));
      return new ServingCertificate(List.of(sign(builder, keys.getPrivate())), keys.getPrivate());
    } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
      throw new IllegalStateException("cannot create the CA certificate", e);
    }
  }

  /**
   * A serverAuth certificate for these DNS names (IP addresses become IP SANs), signed by the CA and
   * ending no later than the CA does.
   */
  public ServingCertificate serving(ServingCertificate authority, List<String> names, Duration validity) {
    KeyPair keys = algorithm.generate(RANDOM);
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    X509Certificate ca = authority.certificate();
    Instant notAfter = now.plus(validity);
    if (notAfter.isAfter(ca.getNotAfter().toInstant())) {
      notAfter = ca.getNotAfter().toInstant();
    }
    try {
      X509v3CertificateBuilder builder = builder(X500Name.getInstance(ca.getSubjectX500Principal().getEncoded()),
          new X500Name("CN=" + names.get(0)), now, notAfter, keys.getPublic());
      JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      int usage = keys.getPublic().getAlgorithm().equals("RSA")
          ? KeyUsage.digitalSignature | KeyUsage.keyEncipherment
          : KeyUsage.digitalSignature;
      builder.addExtension(Extension.keyUsage, true, new KeyUsage(usage));
      builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames(names));
      builder.addExtension(Extension.authorityKeyIdentifier, false, extensions.createAuthorityKeyIdentifier(ca));
      builder.addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(keys.getPublic()));
      return new ServingCertificate(List.of(sign(builder, authority.privateKey())), keys.getPrivate());
    } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
      throw new IllegalStateException("cannot create the serving certificate", e);
    }
  }

  private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, Instant now, Instant notAfter,
      PublicKey key) {
    return new JcaX509v3CertificateBuilder(issuer, new BigInteger(127, RANDOM).add(BigInteger.ONE),
        Date.from(now.minus(BACKDATE)), Date.from(notAfter), subject, key);
  }

  /** Signs with the CA's key, whose type may differ from the new key's (a CA made with other options). */
  private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
      throws OperatorCreationException, GeneralSecurityException {
    String algorithm = key.getAlgorithm().equals("EC") ? KeyAlgorithm.EC_P256.signatureAlgorithm() : "SHA256withRSA";
    var signer = new JcaContentSignerBuilder(algorithm).build(key);
    return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
  }

  static GeneralNames alternativeNames(List<String> names) {
    return new GeneralNames(names.stream()
        .map(name -> new GeneralName(isIpAddress(name) ? GeneralName.iPAddress : GeneralName.dNSName, name))
        .toArray(GeneralName[]::new));
  }

  static boolean isIpAddress(String name) {
    return name.contains(":") || name.chars().allMatch(c -> c == '.' || Character.isDigit(c));
  }
}
