package dev.condlint.certs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class SelfSignedCertificatesTest {

  @Test
  void localCertificateNamesLocalhostAndLoopbackForServerAuth() throws Exception {
    ServingCertificate c = SelfSignedCertificates.local(Duration.ofDays(2));
    X509Certificate parsed = (X509Certificate) CertificateFactory.getInstance("X.509")
        .generateCertificate(new ByteArrayInputStream(c.certificatePem().getBytes(StandardCharsets.US_ASCII)));
    assertEquals(c.certificate(), parsed);
    assertEquals(List.of(List.of(2, "localhost"), List.of(7, "127.0.0.1"), List.of(7, "0:0:0:0:0:0:0:1")),
        parsed.getSubjectAlternativeNames().stream().toList());
    assertEquals(List.of("1.3.6.1.5.5.7.3.1"), parsed.getExtendedKeyUsage());
    parsed.verify(parsed.getPublicKey());
    long days = Duration.between(java.time.Instant.now(), c.notAfter()).toDays();
    assertTrue(days == 1 || days == 2, "valid for " + days + " days");
  }

  @Test
  void privateKeyIsPkcs8AndMatchesTheCertificate() throws Exception {
    ServingCertificate c = SelfSignedCertificates.local(Duration.ofDays(1));
    String pem = c.privateKeyPem();
    assertTrue(pem.startsWith("-----BEGIN PRIVATE KEY-----"), pem);
    byte[] der = Base64.getMimeDecoder().decode(
        pem.replace("-----BEGIN PRIVATE KEY-----", "").replace("-----END PRIVATE KEY-----", ""));
    var key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
    Signature sign = Signature.getInstance("SHA256withECDSA");
    sign.initSign(key);
    sign.update(new byte[] {1, 2, 3});
    byte[] signature = sign.sign();
    Signature verify = Signature.getInstance("SHA256withECDSA");
    verify.initVerify(c.certificate());
    verify.update(new byte[] {1, 2, 3});
    assertTrue(verify.verify(signature));
  }

  @Test
  void pemRoundTripsAndAMismatchedKeyIsRefused() {
    ServingCertificate a = SelfSignedCertificates.local(Duration.ofDays(1));
    ServingCertificate b = SelfSignedCertificates.local(Duration.ofDays(1));
    ServingCertificate read = ServingCertificate.fromPem(a.certificatePem(), a.privateKeyPem());
    assertEquals(a.certificate(), read.certificate());
    assertEquals(a.privateKey(), read.privateKey());
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> ServingCertificate.fromPem(a.certificatePem(), b.privateKeyPem()));
    assertEquals("the private key does not belong to the certificate", e.getMessage());
  }
}
