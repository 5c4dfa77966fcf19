package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CertificateManagementException;
import dev.condlint.certs.kube.CertificateManager;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code condlint-certs create}: a new CA and serving certificate. */
@Command(name = "create", mixinStandardHelpOptions = true,
    description = "Create a CA and a serving certificate for the Service, as PEM files (--out) or in a"
        + " kubernetes.io/tls Secret (--secret); with --webhook-config, also inject the CA bundle.")
final class CreateCommand extends CertificatesCommand {
  @Option(names = "--force", description = "Replace certificates that are already there (breaks the webhook until"
      + " every replica serves the new ones; rotate renews without that).")
  boolean force;

  @Override
  Optional<CertificateBundle> next(Rotation rotation, Optional<CertificateBundle> current) {
    if (current.isPresent() && !force) {
      throw new CertificateManagementException(target.directory + " already holds certificates; use rotate to renew"
          + " them, or --force to replace them");
    }
    return Optional.of(rotation.create());
  }

  @Override
  boolean renews() {
    return false;
  }

  @Override
  CertificateManager.Outcome inSecret(CertificateManager manager, Rotation rotation) {
    return manager.create(rotation, force);
  }
}
