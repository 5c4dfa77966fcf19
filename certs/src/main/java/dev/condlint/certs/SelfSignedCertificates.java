package dev.condlint.certs;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Creates self-signed EC P-256 serving certificates for local runs and tests; nothing touches the disk. */
public final class SelfSignedCertificates {
  /** The names a local webhook answers on. */
  public static final List<String> LOCAL_NAMES = List.of("localhost", "127.0.0.1", "::1");

  private static final SecureRandom RANDOM = new SecureRandom();

  private SelfSignedCertificates() {}

  /** A certificate for {@link #LOCAL_NAMES}, valid from a minute ago for the given time. */
  public static ServingCertificate local(Duration validity) {
    return generate("condlint-webhook", LOCAL_NAMES, validity);
  }

  /**
   * A self-signed certificate with these subject alternative names (IP addresses are recognised and
   * written as IP SANs), for server authentication.
   */
  public static ServingCertificate generate(String commonName, List<String> names, Duration validity) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
      KeyPair keys = generator.generateKeyPair();
      X500Name subject = new X500Name("CN=" + commonName);
      Instant now = Instant.now();
      JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
          subject,
          new BigInteger(63, RANDOM),
          Date.from(now.minus(Duration.ofMinutes(1))),
          Date.from(now.plus(validity)),
          subject,
          keys.getPublic());
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
      builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames(names));
      var signer = new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate());
      var certificate = new JcaX509CertificateConverter().getCertificate(builder.build(signer));
      return new ServingCertificate(List.of(certificate), keys.getPrivate());
    } catch (GeneralSecurityException | OperatorCreationException | CertIOException e) {
      throw new IllegalStateException("cannot create a self-signed certificate", e);
    }
  }

  private static GeneralNames alternativeNames(List<String> names) {
    List<GeneralName> all = new ArrayList<>();
    for (String name : names) {
      boolean ip = name.contains(":") || name.chars().allMatch(c -> c == '.' || Character.isDigit(c));
      all.add(new GeneralName(ip ? GeneralName.iPAddress : GeneralName.dNSName, name));
    }
    return new GeneralNames(all.toArray(GeneralName[]::new));
  }
}
