package dev.condlint.certs.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where certificates are kept: a directory of PEM files or a Secret. */
final class Target {
  @Option(names = "--out", paramLabel = "DIR", required = true,
      description = "Write ca.crt, ca.key, tls.crt and tls.key here (keys mode 0600).")
  Path directory;

  @Option(names = "--secret", paramLabel = "NAME", required = true,
      description = "Keep them in this kubernetes.io/tls Secret (with ca.crt and ca.key) in --namespace.")
  String secret;
}
