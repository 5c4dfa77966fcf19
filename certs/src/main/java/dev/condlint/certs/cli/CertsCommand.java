package dev.condlint.certs.cli;

import dev.condlint.certs.kube.CertificateManagementException;
import dev.condlint.cluster.KubeClients;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code condlint-certs}: creates, injects and rotates the webhook's certificates. */
@Command(name = "condlint-certs", mixinStandardHelpOptions = true, version = "condlint-certs 0.1.0",
    description = "Certificates for the condlint webhook: a CA and a serving certificate as PEM files or a"
        + " kubernetes.io/tls Secret, the CA bundle in the ValidatingWebhookConfiguration, and their renewal.",
    subcommands = {CreateCommand.class, InjectCommand.class, RotateCommand.class})
public final class CertsCommand implements Runnable {
  @Spec
  CommandSpec spec;

  Clock clock = Clock.systemUTC();
  Supplier<KubernetesClient> clients = () -> KubeClients.create(Config.autoConfigure(null));

  public static void main(String[] args) {
    System.exit(commandLine(new CertsCommand()).execute(args));
  }

  static CommandLine commandLine(CertsCommand command) {
    return new CommandLine(command).setExecutionExceptionHandler((e, line, parsed) -> {
      if (e instanceof CertificateManagementException || e instanceof IOException || e instanceof IllegalArgumentException) {
        line.getErr().println("condlint-certs: " + e.getMessage());
        return 1;
      }
      throw e;
    });
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a command: create, inject or rotate");
  }

  PrintWriter out() {
    return spec.commandLine().getOut();
  }
}
