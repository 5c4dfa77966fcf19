package dev.condlint.certs;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;

/** The key types condlint-certs can create: ECDSA P-256 (the default), RSA 2048 or RSA 3072. */
public enum KeyAlgorithm {
  EC_P256("ec-p256", "SHA256withECDSA"),
  RSA_2048("rsa-2048", "SHA256withRSA"),
  RSA_3072("rsa-3072", "SHA256withRSA");

  private final String label;
  private final String signatureAlgorithm;

  KeyAlgorithm(String label, String signatureAlgorithm) {
    this.label = label;
    this.signatureAlgorithm = signatureAlgorithm;
  }

  public String label() {
    return label;
  }

  /** The JCA name of the signature this key type makes. */
  public String signatureAlgorithm() {
    return signatureAlgorithm;
  }

  public KeyPair generate(SecureRandom random) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(this == EC_P256 ? "EC" : "RSA");
      if (this == EC_P256) {
        generator.initialize(new ECGenParameterSpec("secp256r1"), random);
      } else {
        generator.initialize(this == RSA_2048 ? 2048 : 3072, random);
      }
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot generate a " + label + " key", e);
    }
  }

  /** {@code ec-p256}, {@code rsa-2048} or {@code rsa-3072}. */
  public static KeyAlgorithm parse(String text) {
    return Arrays.stream(values()).filter(a -> a.label.equalsIgnoreCase(text.trim())).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("key algorithms are ec-p256, rsa-2048 and rsa-3072, not " + text));
  }

  @Override
  public String toString() {
    return label;
  }
}
