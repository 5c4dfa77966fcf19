package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CertificateManager;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code condlint-certs rotate}: renews what is due, creates what is missing, and changes nothing else. */
@Command(name = "rotate", mixinStandardHelpOptions = true,
    description = "Renew the serving certificate when less than a third of its lifetime is left, and the CA"
        + " likewise (the old CA stays in the bundle until it expires); create both when there are none."
        + " Safe to run at any time and from several places at once (a CronJob, every webhook replica).")
final class RotateCommand extends CertificatesCommand {
  @Option(names = "--no-inject", description = "With --secret: leave the caBundle alone (something else keeps it"
      + " in step with ca.crt).")
  boolean noInject;

  @Override
  void checkOptions() {
    if (target.secret != null && kubernetes.webhookConfig == null && !noInject) {
      throw new ParameterException(spec.commandLine(), "rotate --secret needs --webhook-config NAME: after a CA"
          + " renewal the webhook configuration must trust the new CA (or give --no-inject if something else sees to"
          + " that)");
    }
  }
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
