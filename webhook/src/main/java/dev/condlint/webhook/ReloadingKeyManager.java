package dev.condlint.webhook;

import dev.condlint.certs.ServingCertificate;
import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A key manager whose serving certificate can be replaced while the server runs. Installed once in
 * the server's TLS options; {@link #swap} changes what the next handshake presents. Vert.x 4.5.32's
 * {@code updateSSLOptions} fails handshakes accepted during a swap (TOOLCHAIN.md §3); this does not,
 * because the TLS context never changes, only what it reads per handshake.
 *
 * <p>Each certificate gets its own alias, and the previous one stays resolvable, so a handshake that
 * chose its alias just before a swap still gets a matching chain and key.
 */
final class ReloadingKeyManager extends X509ExtendedKeyManager {
  private record Identity(String alias, X509Certificate[] chain, PrivateKey key) {}

  private final AtomicLong generation = new AtomicLong();
  private final AtomicReference<Identity> current = new AtomicReference<>();
  private volatile Identity previous;

  ReloadingKeyManager(ServingCertificate certificate) {
    swap(certificate);
  }

  void swap(ServingCertificate certificate) {
    Identity next = new Identity("condlint-" + generation.incrementAndGet(),
        certificate.chain().toArray(X509Certificate[]::new), certificate.privateKey());
    previous = current.getAndSet(next);
  }

  private Identity byAlias(String alias) {
    Identity now = current.get();
    if (now.alias().equals(alias)) {
      return now;
    }
    Identity before = previous;
    return before != null && before.alias().equals(alias) ? before : null;
  }

  private String aliasFor(String keyType) {
    Identity now = current.get();
    return now.key().getAlgorithm().equals(keyType) ? now.alias() : null;
  }

  @Override
  public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
    return aliasFor(keyType);
  }

  @Override
  public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
    return aliasFor(keyType);
  }

  @Override
  public String[] getServerAliases(String keyType, Principal[] issuers) {
    String alias = aliasFor(keyType);
    return alias == null ? null : new String[] {alias};
  }

  @Override
  public X509Certificate[] getCertificateChain(String alias) {
    Identity identity = byAlias(alias);
    return identity == null ? null : identity.chain().clone();
  }

  @Override
  public PrivateKey getPrivateKey(String alias) {
    Identity identity = byAlias(alias);
    return identity == null ? null : identity.key();
  }

  @Override
  public String[] getClientAliases(String keyType, Principal[] issuers) {
    return null;
  }

  @Override
  public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
    return null;
  }
}
