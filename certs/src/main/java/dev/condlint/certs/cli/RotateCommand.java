package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CertificateManager;
import java.util.Optional;
import picocli.CommandLine.Command;

/** {@code condlint-certs rotate}: renews what is due, creates what is missing, and changes nothing else. */
@Command(name = "rotate", mixinStandardHelpOptions = true,
    description = "Renew the serving certificate when less than a third of its lifetime is left, and the CA"
        + " likewise (the old CA stays in the bundle until it expires); create both when there are none."
        + " Safe to run at any time and from several places at once (a CronJob, every webhook replica).")
final class RotateCommand extends CertificatesCommand {
  @Override
  Optional<CertificateBundle> next(Rotation rotation, Optional<CertificateBundle> current) {
    return current.isEmpty() ? Optional.of(rotation.create()) : rotation.renew(current.get());
  }

  @Override
  boolean renews() {
    return true;
  }

  @Override
  CertificateManager.Outcome inSecret(CertificateManager manager, Rotation rotation) {
    return manager.reconcile(rotation);
  }
}
