package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.PemDirectory;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CertificateManager;
import dev.condlint.certs.kube.CertificateManager.Change;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** What create and rotate share: the certificates to make, and where they are kept (files or a Secret). */
abstract class CertificatesCommand implements Callable<Integer> {
  @ParentCommand
  CertsCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  CertificateOptions certificates;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  @Mixin
  KubernetesOptions kubernetes;

  /** The bundle to write to the directory (empty: leave it), given what it holds now. */
  abstract Optional<CertificateBundle> next(Rotation rotation, Optional<CertificateBundle> current);

  /** Whether new certificates in place of existing ones are a renewal (rotate) rather than a replacement (create). */
  abstract boolean renews();

  abstract CertificateManager.Outcome inSecret(CertificateManager manager, Rotation rotation);

  /** Refuses option combinations that would do harm, with a usage error. */
  void checkOptions() {}

  @Override
  public Integer call() throws IOException {
    checkOptions();
    Rotation rotation = new Rotation(parent.clock, certificates.policy());
    if (target.secret != null) {
      return kubernetes.run(parent, certificates.namespace, target.secret, manager -> inSecret(manager, rotation));
    }
    PemDirectory directory = new PemDirectory(target.directory);
    Optional<CertificateBundle> current = directory.read();
    Optional<CertificateBundle> next = next(rotation, current);
    if (next.isPresent()) {
      directory.write(next.get());
    }
    Change change = next.isEmpty() ? Change.UNCHANGED : current.isPresent() && renews() ? Change.RENEWED : Change.CREATED;
    parent.out().println(Reports.certificates(change, next.or(() -> current).orElseThrow(), target.directory.toString()));
    return 0;
  }
}
