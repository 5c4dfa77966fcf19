package dev.condlint.certs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.certs.CertificateBundle;
import dev.condlint.certs.PemDirectory;
import dev.condlint.cluster.KubeClients;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@EnableKubernetesMockClient(crud = true)
class CertsCommandTest {
  static final Instant NOW = Instant.parse("2026-11-22T06:00:00Z");

  KubernetesClient client;
  @TempDir
  Path dir;

  record Run(int exitCode, String out, String err) {}

  Run run(Instant now, String... args) {
    CertsCommand command = new CertsCommand();
    command.clock = Clock.fixed(now, ZoneOffset.UTC);
    command.clients = () -> KubeClients.create(client.getConfiguration());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = CertsCommand.commandLine(command).setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void createWritesPemFilesForTheServiceAndRefusesToOverwriteThem() throws Exception {
    Run created = run(NOW, "create", "--service", "condlint-webhook", "--namespace", "condlint", "--key-algorithm",
        "rsa-2048", "--validity", "30d", "--out", dir.toString());
    assertEquals(new Run(0, "created a CA valid until 2031-11-21T06:00:00Z and a serving certificate for condlint-webhook,"
        + " condlint-webhook.condlint, condlint-webhook.condlint.svc, condlint-webhook.condlint.svc.cluster.local valid"
        + " until 2026-12-22T06:00:00Z in " + dir + "\n", ""), created);
    X509Certificate leaf = CertificateBundle.certificates(Files.readString(dir.resolve("tls.crt"))).get(0);
    assertEquals("RSA", leaf.getPublicKey().getAlgorithm());

    Run again = run(NOW, "create", "--service", "condlint-webhook", "--out", dir.toString());
    assertEquals(new Run(1, "", "condlint-certs: " + dir + " already holds certificates; use rotate to renew them, or"
        + " --force to replace them\n"), again);
  }

  @Test
  void rotateOnFilesRenewsOnlyWhenDue() throws Exception {
    String[] rotate = {"rotate", "--service", "w", "--namespace", "ns", "--dns-name", "w.ns.svc", "--out", dir.toString()};
    assertTrue(run(NOW, rotate).out().startsWith("created a CA"));
    String first = Files.readString(dir.resolve("tls.crt"));

    Run early = run(NOW.plus(Duration.ofDays(59)), rotate);
    assertEquals("nothing to renew in " + dir + ": the serving certificate is valid until 2027-02-20T06:00:00Z (renewed"
        + " from 2027-01-21T05:58:20Z), the CA until 2031-11-21T06:00:00Z (renewed from 2030-03-22T21:58:20Z)\n", early.out());
    assertEquals(first, Files.readString(dir.resolve("tls.crt")));

    Run due = run(NOW.plus(Duration.ofDays(61)), rotate);
    assertEquals("renewed in " + dir + ": the serving certificate is valid until 2027-04-22T06:00:00Z, the CA until"
        + " 2031-11-21T06:00:00Z, and the bundle trusts 1 CA\n", due.out());
    assertEquals(1, new PemDirectory(dir).read().orElseThrow().trusted().size());
  }

  @Test
  void createAndRotateASecretAndInjectItsBundle() throws Exception {
    try (InputStream in = Files.newInputStream(Path.of("../deploy/base/validatingwebhookconfiguration.yaml"))) {
      client.resource(client.getKubernetesSerialization().unmarshal(in, ValidatingWebhookConfiguration.class)).create();
    }
    Run created = run(NOW, "create", "--service", "condlint-webhook", "--secret", "condlint-webhook-tls");
    assertEquals(0, created.exitCode(), created.err());
    assertTrue(created.out().endsWith("in Secret condlint/condlint-webhook-tls\n"), created.out());

    Run injected = run(NOW, "inject", "--secret", "condlint-webhook-tls");
    assertEquals(new Run(0, "injected the CA bundle into every webhook of ValidatingWebhookConfiguration condlint\n", ""),
        injected);
    String caCrt = client.secrets().inNamespace("condlint").withName("condlint-webhook-tls").get().getData().get("ca.crt");
    assertEquals(caCrt, client.admissionRegistration().v1().validatingWebhookConfigurations().withName("condlint").get()
        .getWebhooks().get(0).getClientConfig().getCaBundle());

    Run rotated = run(NOW, "rotate", "--service", "condlint-webhook", "--secret", "condlint-webhook-tls",
        "--webhook-config", "condlint");
    assertEquals(0, rotated.exitCode(), rotated.err());
    assertEquals(List.of("nothing to renew in Secret condlint/condlint-webhook-tls",
            "the caBundle of ValidatingWebhookConfiguration condlint is already up to date"),
        rotated.out().lines().map(l -> l.replaceAll(":.*", "")).toList());
  }

  @Test
  void injectChecksTheCaFileAndUsageErrorsExitWithTwo() throws Exception {
    Path notPem = Files.writeString(dir.resolve("ca.crt"), "not a certificate", StandardCharsets.US_ASCII);
    assertEquals(new Run(1, "", "condlint-certs: " + notPem + ": cannot read the certificates: No certificate data found\n"),
        run(NOW, "inject", "--ca-file", notPem.toString()));
    Run both = run(NOW, "create", "--service", "w", "--out", dir.toString(), "--secret", "s");
    assertEquals(2, both.exitCode());
    assertTrue(both.err().startsWith("Error: --out=DIR, --secret=NAME are mutually exclusive"), both.err());
    Run rotateWithoutInjection = run(NOW, "rotate", "--service", "w", "--secret", "s");
    assertEquals(2, rotateWithoutInjection.exitCode());
    assertTrue(rotateWithoutInjection.err().startsWith("rotate --secret needs --webhook-config NAME: after a CA renewal"),
        rotateWithoutInjection.err());
    Run badDuration = run(NOW, "create", "--service", "w", "--validity", "3 months", "--out", dir.toString());
    assertEquals(2, badDuration.exitCode());
    assertTrue(badDuration.err().contains("invalid duration '3 months': expected Go duration syntax such as 90d, 12h, 30m or 45s"), badDuration.err());
  }
}
