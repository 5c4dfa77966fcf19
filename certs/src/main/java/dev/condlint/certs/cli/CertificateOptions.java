package dev.condlint.certs.cli;

import dev.condlint.certs.KeyAlgorithm;
import dev.condlint.certs.RotationPolicy;
import dev.condlint.certs.ServingNames;
import dev.condlint.model.GoDuration;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that say which certificates to make: names, lifetimes, key type. */
final class CertificateOptions {
  @Option(names = "--service", paramLabel = "NAME", required = true, description = "The webhook's Service.")
  String service;

  @Option(names = "--namespace", paramLabel = "NS", defaultValue = "${env:POD_NAMESPACE:-condlint}",
      description = "Its namespace, and the Secret's [POD_NAMESPACE] (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Option(names = "--dns-name", paramLabel = "NAME", description = "A name for the serving certificate, repeatable; replaces the"
      + " default SERVICE, SERVICE.NAMESPACE, SERVICE.NAMESPACE.svc, SERVICE.NAMESPACE.svc.CLUSTER-DOMAIN.")
  List<String> dnsNames;

  @Option(names = "--cluster-domain", paramLabel = "DOMAIN", defaultValue = "cluster.local",
      description = "The cluster's DNS domain (default: ${DEFAULT-VALUE}).")
  String clusterDomain;

  @Option(names = "--key-algorithm", paramLabel = "ALGORITHM", defaultValue = "ec-p256", converter = KeyAlgorithmConverter.class,
      description = "ec-p256, rsa-2048 or rsa-3072 (default: ${DEFAULT-VALUE}).")
  KeyAlgorithm algorithm;

  @Option(names = "--ca-validity", paramLabel = "DURATION", defaultValue = "1825d", converter = DurationConverter.class,
      description = "Lifetime of a new CA (default: ${DEFAULT-VALUE}, five years).")
  Duration caValidity;

  @Option(names = "--validity", paramLabel = "DURATION", defaultValue = "90d", converter = DurationConverter.class,
      description = "Lifetime of a new serving certificate (default: ${DEFAULT-VALUE}).")
  Duration validity;

  RotationPolicy policy() {
    List<String> names = dnsNames == null || dnsNames.isEmpty()
        ? ServingNames.forService(service, namespace, clusterDomain)
        : dnsNames;
    return new RotationPolicy(service, names, caValidity, validity, algorithm);
  }

  /** A Go duration, or whole days as certificate lifetimes are given: {@code 90d}, {@code 12h}, {@code 1h30m}. */
  static final class DurationConverter implements picocli.CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
      return GoDuration.parseFlagWithDays(text);
    }
  }

  static final class KeyAlgorithmConverter implements picocli.CommandLine.ITypeConverter<KeyAlgorithm> {
    @Override
    public KeyAlgorithm convert(String text) {
      return KeyAlgorithm.parse(text);
    }
  }
}
