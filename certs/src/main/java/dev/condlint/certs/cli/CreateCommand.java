package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.PemDirectory;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CertificateManagementException;
import dev.condlint.certs.kube.CertificateManager.Change;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code condlint-certs create}: a new CA and serving certificate. */
@Command(name = "create", mixinStandardHelpOptions = true,
    description = "Create a CA and a serving certificate for the Service, as PEM files (--out) or in a"
        + " kubernetes.io/tls Secret (--secret); with --webhook-config, also inject the CA bundle.")
final class CreateCommand implements Callable<Integer> {
  @ParentCommand
  CertsCommand parent;

  @Mixin
  CertificateOptions certificates;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  @Mixin
  KubernetesOptions kubernetes;

  @Option(names = "--force", description = "Replace certificates that are already there (breaks the webhook until"
      + " every replica serves the new ones; rotate renews without that).")
  boolean force;

  @Override
  public Integer call() throws IOException {
    Rotation rotation = new Rotation(parent.clock, certificates.policy());
    if (target.directory != null) {
      PemDirectory directory = new PemDirectory(target.directory);
      if (directory.read().isPresent() && !force) {
        throw new CertificateManagementException(target.directory + " already holds certificates; use rotate to renew"
            + " them, or --force to replace them");
      }
      CertificateBundle created = rotation.create();
      directory.write(created);
      parent.out().println(Reports.certificates(Change.CREATED, created, target.directory.toString()));
      return 0;
    }
    return kubernetes.run(parent, certificates.namespace, target.secret, manager -> manager.create(rotation, force));
  }
}
