package dev.condlint.certs;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Instant;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.util.io.pem.PemObjectGenerator;

/** A serving certificate and its private key, writable as PEM (the key as PKCS#8 {@code PRIVATE KEY}). */
public record ServingCertificate(X509Certificate certificate, PrivateKey privateKey) {

  public String certificatePem() {
    return pem(certificate);
  }

  public String privateKeyPem() {
    try {
      return pem(new JcaPKCS8Generator(privateKey, null));
    } catch (org.bouncycastle.util.io.pem.PemGenerationException e) {
      throw new IllegalStateException("cannot encode the private key as PKCS#8", e);
    }
  }

  public Instant notAfter() {
    return certificate.getNotAfter().toInstant();
  }

  private static String pem(Object object) {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      if (object instanceof PemObjectGenerator generator) {
        writer.writeObject(generator);
      } else {
        writer.writeObject(object);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
