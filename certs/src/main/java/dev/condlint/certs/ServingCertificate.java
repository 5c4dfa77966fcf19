package dev.condlint.certs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.util.io.pem.PemGenerationException;
import org.bouncycastle.util.io.pem.PemObjectGenerator;

/**
 * A serving certificate chain (leaf first) and its private key, read from and writable as PEM (the
 * key written as PKCS#8 {@code PRIVATE KEY}).
 */
public record ServingCertificate(List<X509Certificate> chain, PrivateKey privateKey) {

  public ServingCertificate {
    chain = List.copyOf(chain);
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("a serving certificate needs at least one certificate");
    }
  }

  /**
   * Reads a {@code tls.crt}/{@code tls.key} pair as a Secret mounts it: the certificate chain, and
   * the key as PKCS#8, PKCS#1 RSA or SEC1 EC. Fails when the key does not belong to the certificate
   * (as while a non-atomic writer has replaced one file but not yet the other).
   */
  public static ServingCertificate fromPem(String certificatePem, String privateKeyPem) {
    try {
      List<X509Certificate> chain = CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(certificatePem.getBytes(StandardCharsets.US_ASCII)))
          .stream().map(X509Certificate.class::cast).toList();
      ServingCertificate parsed = new ServingCertificate(chain, readKey(privateKeyPem));
      if (!parsed.keyMatchesCertificate()) {
        throw new IllegalArgumentException("the private key does not belong to the certificate");
      }
      return parsed;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalArgumentException("cannot read the certificate and key: " + e.getMessage(), e);
    }
  }

  private static PrivateKey readKey(String pem) throws IOException {
    try (PEMParser parser = new PEMParser(new StringReader(pem))) {
      Object object = parser.readObject();
      JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
      if (object instanceof PEMKeyPair pair) {
        return converter.getPrivateKey(pair.getPrivateKeyInfo());
      }
      if (object instanceof PrivateKeyInfo info) {
        return converter.getPrivateKey(info);
      }
      throw new IOException("no private key in the key file");
    }
  }

  /** The leaf certificate. */
  public X509Certificate certificate() {
    return chain.get(0);
  }

  public Instant notAfter() {
    return certificate().getNotAfter().toInstant();
  }

  /** Whether the private key signs what the leaf certificate's public key verifies. */
  public boolean keyMatchesCertificate() {
    try {
      String algorithm = privateKey.getAlgorithm().equals("EC") ? "SHA256withECDSA" : "SHA256with" + privateKey.getAlgorithm();
      byte[] probe = "condlint".getBytes(StandardCharsets.US_ASCII);
      Signature sign = Signature.getInstance(algorithm);
      sign.initSign(privateKey);
      sign.update(probe);
      byte[] signature = sign.sign();
      Signature verify = Signature.getInstance(algorithm);
      verify.initVerify(certificate().getPublicKey());
      verify.update(probe);
      return verify.verify(signature);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  public String certificatePem() {
    StringBuilder pem = new StringBuilder();
    chain.forEach(c -> pem.append(pem(c)));
    return pem.toString();
  }

  public String privateKeyPem() {
    try {
      return pem(new JcaPKCS8Generator(privateKey, null));
    } catch (PemGenerationException e) {
      throw new IllegalStateException("cannot encode the private key as PKCS#8", e);
    }
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
