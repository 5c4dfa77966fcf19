package dev.condlint.certs;

import static dev.condlint.certs.CertificateIssuerTest.POLICY;
import static dev.condlint.certs.CertificateIssuerTest.verifyChain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RotationTest {
  static final Instant START = CertificateIssuerTest.NOW;

  static Rotation at(Instant now) {
    return new Rotation(Clock.fixed(now, ZoneOffset.UTC), POLICY);
  }

  /** The moment exactly a third of this certificate's lifetime is left. */
  static Instant thirdLeft(X509Certificate certificate) {
    Instant notAfter = certificate.getNotAfter().toInstant();
    return notAfter.minus(Duration.between(certificate.getNotBefore().toInstant(), notAfter).dividedBy(3));
  }

  @Test
  void theServingCertificateIsKeptUntilLessThanAThirdOfItsLifetimeIsLeft() {
    CertificateBundle bundle = at(START).create();
    Instant third = thirdLeft(bundle.serving().certificate());
    assertEquals(Optional.empty(), at(third.minusSeconds(1)).renew(bundle));
    assertEquals(Optional.empty(), at(third).renew(bundle), "exactly a third left is not less than a third");

    CertificateBundle renewed = at(third.plusSeconds(1)).renew(bundle).orElseThrow();
    assertNotEquals(bundle.serving().certificate(), renewed.serving().certificate());
    assertSame(bundle.authority(), renewed.authority(), "the CA has years left");
    assertEquals(bundle.trusted(), renewed.trusted());
    assertEquals(third.plusSeconds(1).plus(Duration.ofDays(90)), renewed.serving().notAfter());
    assertEquals(Optional.empty(), at(third.plusSeconds(1)).renew(renewed), "a second run changes nothing");
  }

  @Test
  void aCaRenewalKeepsTheOldCaTrustedUntilItExpires() throws Exception {
    CertificateBundle bundle = at(START).create();
    X509Certificate oldCa = bundle.authority().certificate();
    Instant third = thirdLeft(oldCa);
    CertificateBundle beforeCaThird = at(third.minusSeconds(1)).renew(bundle).orElseThrow();
    assertSame(bundle.authority(), beforeCaThird.authority(), "only the serving certificate was due");

    Instant after = third.plusSeconds(1);
    CertificateBundle renewed = at(after).renew(beforeCaThird).orElseThrow();
    X509Certificate newCa = renewed.authority().certificate();
    assertNotEquals(oldCa, newCa);
    assertEquals(List.of(newCa, oldCa), renewed.trusted(), "new CA first, old CA still trusted");
    verifyChain(renewed.serving().certificate(), renewed.trusted(), after);
    verifyChain(beforeCaThird.serving().certificate(), renewed.trusted(), after);
    assertEquals(2, CertificateIssuerTest.jdkParse(renewed.files().get("ca.crt")).size());
    assertEquals(Optional.empty(), at(after).renew(renewed));

    Instant oldCaExpired = oldCa.getNotAfter().toInstant().plusSeconds(1);
    CertificateBundle pruned = at(oldCaExpired).renew(renewed).orElseThrow();
    assertEquals(List.of(newCa), pruned.trusted(), "an expired CA leaves the bundle");
  }

  @Test
  void aServingCertificateForOtherNamesOrAnotherCaIsReissued() throws Exception {
    CertificateBundle bundle = at(START).create();
    RotationPolicy moved = RotationPolicy.forService("condlint-webhook", "elsewhere");
    CertificateBundle renamed = new Rotation(Clock.fixed(START, ZoneOffset.UTC), moved).renew(bundle).orElseThrow();
    assertSame(bundle.authority(), renamed.authority());
    assertEquals("condlint-webhook.elsewhere.svc",
        List.copyOf(renamed.serving().certificate().getSubjectAlternativeNames()).get(2).get(1));

    CertificateBundle foreign = new CertificateBundle(bundle.authority(), bundle.trusted(), at(START).create().serving());
    assertTrue(at(START).renew(foreign).isPresent(), "a leaf the CA did not sign is replaced");
  }
}
