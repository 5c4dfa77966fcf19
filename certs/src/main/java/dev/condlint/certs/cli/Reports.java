package dev.condlint.certs.cli;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.Rotation;
import dev.condlint.certs.kube.CertificateManager.Change;
import java.security.cert.X509Certificate;
import java.util.stream.Collectors;

/** One line per run that says what condlint-certs did, for people and CronJob logs. */
final class Reports {
  private Reports() {}

  static String certificates(Change change, CertificateBundle bundle, String where) {
    X509Certificate serving = bundle.serving().certificate();
    X509Certificate ca = bundle.authority().certificate();
    return switch (change) {
      case CREATED -> "created a CA valid until " + ca.getNotAfter().toInstant() + " and a serving certificate for "
          + names(serving) + " valid until " + serving.getNotAfter().toInstant() + " in " + where;
      case RENEWED -> "renewed in " + where + ": the serving certificate is valid until "
          + serving.getNotAfter().toInstant() + ", the CA until " + ca.getNotAfter().toInstant() + ", and the bundle trusts "
          + bundle.trusted().size() + (bundle.trusted().size() == 1 ? " CA" : " CAs (the old one until it expires)");
      case UNCHANGED -> "nothing to renew in " + where + ": the serving certificate is valid until "
          + serving.getNotAfter().toInstant() + " (renewed from " + Rotation.renewalTime(serving) + "), the CA until "
          + ca.getNotAfter().toInstant() + " (renewed from " + Rotation.renewalTime(ca) + ")";
    };
  }

  static String injection(boolean changed, String configuration) {
    return changed
        ? "injected the CA bundle into every webhook of ValidatingWebhookConfiguration " + configuration
        : "the caBundle of ValidatingWebhookConfiguration " + configuration + " is already up to date";
  }

  private static String names(X509Certificate certificate) {
    try {
      return certificate.getSubjectAlternativeNames().stream().map(n -> String.valueOf(n.get(1)))
          .collect(Collectors.joining(", "));
    } catch (java.security.cert.CertificateParsingException e) {
      return certificate.getSubjectX500Principal().getName();
    }
  }
}
