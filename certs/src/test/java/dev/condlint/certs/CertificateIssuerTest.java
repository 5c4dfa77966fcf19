package dev.condlint.certs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class CertificateIssuerTest {
  static final Instant NOW = Instant.parse("2026-11-22T06:00:00Z");
  static final RotationPolicy POLICY = RotationPolicy.forService("condlint-webhook", "condlint");

  /** Parses PEM with the JDK alone, so that nothing of BouncyCastle vouches for its own output. */
  static List<X509Certificate> jdkParse(String pem) throws Exception {
    return CertificateFactory.getInstance("X.509")
        .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)))
        .stream().map(X509Certificate.class::cast).toList();
  }

  static void verifyChain(X509Certificate leaf, List<X509Certificate> trusted, Instant at) throws Exception {
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    PKIXParameters parameters = new PKIXParameters(
        Set.copyOf(trusted.stream().map(ca -> new TrustAnchor(ca, null)).toList()));
    parameters.setRevocationEnabled(false);
    parameters.setDate(Date.from(at));
    CertPathValidator.getInstance("PKIX").validate(factory.generateCertPath(List.of(leaf)), parameters);
  }

  @ParameterizedTest
  @EnumSource(KeyAlgorithm.class)
  void createdCertificatesAreAServingLeafUnderACa(KeyAlgorithm algorithm) throws Exception {
    RotationPolicy policy = new RotationPolicy("condlint-webhook", POLICY.names(), POLICY.caValidity(),
        POLICY.servingValidity(), algorithm);
    CertificateBundle bundle = new Rotation(Clock.fixed(NOW, ZoneOffset.UTC), policy).create();
    X509Certificate ca = jdkParse(bundle.files().get("ca.crt")).get(0);
    X509Certificate leaf = jdkParse(bundle.files().get("tls.crt")).get(0);

    assertEquals(0, ca.getBasicConstraints(), "a CA that signs leaves only");
    assertArrayEquals(new boolean[] {false, false, false, false, false, true, true, false, false}, ca.getKeyUsage());
    ca.verify(ca.getPublicKey());
    assertEquals(NOW.plus(Duration.ofDays(5 * 365)), ca.getNotAfter().toInstant());

    assertEquals(-1, leaf.getBasicConstraints(), "not a CA");
    assertEquals(List.of("1.3.6.1.5.5.7.3.1"), leaf.getExtendedKeyUsage());
    assertTrue(leaf.getKeyUsage()[0], "digitalSignature");
    assertEquals(algorithm != KeyAlgorithm.EC_P256, leaf.getKeyUsage()[2], "keyEncipherment for RSA only");
    assertEquals(List.of(
            List.of(2, "condlint-webhook"),
            List.of(2, "condlint-webhook.condlint"),
            List.of(2, "condlint-webhook.condlint.svc"),
            List.of(2, "condlint-webhook.condlint.svc.cluster.local")),
        List.copyOf(leaf.getSubjectAlternativeNames()));
    assertEquals(NOW.minus(CertificateIssuer.BACKDATE), leaf.getNotBefore().toInstant());
    assertEquals(NOW.plus(Duration.ofDays(90)), leaf.getNotAfter().toInstant());
    assertEquals(algorithm == KeyAlgorithm.EC_P256 ? "EC" : "RSA", leaf.getPublicKey().getAlgorithm());
    verifyChain(leaf, List.of(ca), NOW);
  }

  @Test
  void theChainFailsOutsideTheLeafsValidityAndUnderAnotherCa() throws Exception {
    Rotation rotation = new Rotation(Clock.fixed(NOW, ZoneOffset.UTC), POLICY);
    CertificateBundle bundle = rotation.create();
    X509Certificate leaf = jdkParse(bundle.serving().certificatePem()).get(0);
    X509Certificate ca = jdkParse(bundle.trustedPem()).get(0);
    verifyChain(leaf, List.of(ca), NOW.plus(Duration.ofDays(90)).minusSeconds(1));
    CertPathValidatorException expired = assertThrows(CertPathValidatorException.class,
        () -> verifyChain(leaf, List.of(ca), NOW.plus(Duration.ofDays(90)).plusSeconds(1)));
    assertTrue(expired.getCause() instanceof CertificateExpiredException, String.valueOf(expired.getCause()));
    X509Certificate otherCa = rotation.create().authority().certificate();
    assertThrows(CertPathValidatorException.class, () -> verifyChain(leaf, List.of(otherCa), NOW));
  }

  @Test
  void aServingCertificateEndsNoLaterThanItsCa() throws Exception {
    RotationPolicy shortCa = new RotationPolicy("w", List.of("w.ns.svc"), Duration.ofDays(30), Duration.ofDays(30),
        KeyAlgorithm.EC_P256);
    CertificateBundle bundle = new Rotation(Clock.fixed(NOW, ZoneOffset.UTC), shortCa).create();
    ServingCertificate later = new CertificateIssuer(Clock.fixed(NOW.plus(Duration.ofDays(10)), ZoneOffset.UTC),
        KeyAlgorithm.EC_P256).serving(bundle.authority(), List.of("w.ns.svc"), Duration.ofDays(30));
    assertEquals(bundle.authority().certificate().getNotAfter(), later.certificate().getNotAfter());
  }

  @Test
  void pemFilesRoundTripWithPrivateKeyFilesReadableByTheOwnerOnly(@TempDir Path dir) throws Exception {
    CertificateBundle bundle = new Rotation(Clock.fixed(NOW, ZoneOffset.UTC), POLICY).create();
    PemDirectory files = new PemDirectory(dir.resolve("certs"));
    assertTrue(files.read().isEmpty());
    files.write(bundle);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("certs/tls.key"))));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("certs/ca.key"))));
    assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("certs/tls.crt"))));
    assertTrue(Files.readString(dir.resolve("certs/tls.key")).startsWith("-----BEGIN PRIVATE KEY-----"));
    CertificateBundle read = files.read().orElseThrow();
    assertEquals(bundle.files(), read.files());
    try (var listing = Files.list(dir.resolve("certs"))) {
      assertEquals(Set.of("ca.crt", "ca.key", "tls.crt", "tls.key"),
          Set.copyOf(listing.map(p -> p.getFileName().toString()).toList()), "no temporary files left");
    }
  }
}
