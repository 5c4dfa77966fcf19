package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.PemDirectory;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CertificateManager.Change;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code condlint-certs rotate}: renews what is due, creates what is missing, and changes nothing else. */
@Command(name = "rotate", mixinStandardHelpOptions = true,
    description = "Renew the serving certificate when less than a third of its lifetime is left, and the CA"
        + " likewise (the old CA stays in the bundle until it expires); create both when there are none."
        + " Safe to run at any time and from several places at once (a CronJob, every webhook replica).")
final class RotateCommand implements Callable<Integer> {
  @ParentCommand
  CertsCommand parent;

  @Mixin
  CertificateOptions certificates;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  @Mixin
  KubernetesOptions kubernetes;

  @Override
  public Integer call() throws IOException {
    Rotation rotation = new Rotation(parent.clock, certificates.policy());
    if (target.directory != null) {
      PemDirectory directory = new PemDirectory(target.directory);
      Optional<CertificateBundle> current = directory.read();
      Optional<CertificateBundle> next = current.isEmpty() ? Optional.of(rotation.create()) : rotation.renew(current.get());
      if (next.isPresent()) {
        directory.write(next.get());
      }
      Change change = current.isEmpty() ? Change.CREATED : next.isPresent() ? Change.RENEWED : Change.UNCHANGED;
      parent.out().println(Reports.certificates(change, next.or(() -> current).orElseThrow(), target.directory.toString()));
      return 0;
    }
    return kubernetes.run(parent, certificates.namespace, target.secret, manager -> manager.reconcile(rotation));
  }
}
