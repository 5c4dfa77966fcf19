package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.health.bench.ArgoCdLua;
import dev.condlint.health.bench.FluxCel;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code condlint health}, its {@code export} and {@code test}, run in-process over files in a temporary
 * directory: exact output and exit status; the exported scripts are run with luaj and the CEL library
 * for Java on the objects of the files.
 */
class HealthCommandTest {
  private static final String KUSTOMIZATION = """
      apiVersion: kustomize.toolkit.fluxcd.io/v1
      kind: Kustomization
      metadata: {name: apps, namespace: flux-system, generation: 2}
      spec: {interval: 5m}
      status:
        observedGeneration: 2
        conditions:
        - {type: Ready, status: "False", reason: HealthCheckFailed, message: "timeout waiting for: [Deployment/web]", observedGeneration: 2}
      """;
  private static final String CERTIFICATE = """
      apiVersion: cert-manager.io/v1
      kind: Certificate
      metadata: {name: web, generation: 1}
      spec: {secretName: web-tls}
      status:
        conditions:
        - {type: Ready, status: "True", reason: Ready, message: Certificate is up to date and has not expired, observedGeneration: 1}
      """;
  private static final String BACKUP = """
      apiVersion: backup.example.com/v1
      kind: Backup
      metadata: {name: nightly, generation: 1}
      spec: {}
      status:
        conditions:
        - {type: Encrypted, status: "True"}
      """;
  private static final String NOW = "2026-09-01T00:00:00Z";

  private static final String TEXT = ""
      + "objects.yaml:1: Kustomization/flux-system/apps  Degraded  timeout waiting for: [Deployment/web]  (terminal-reason:"
      + " Ready is False with reason HealthCheckFailed, which names no work under way; basis: catalogue, Flux)\n"
      + "objects.yaml:10: Certificate/web  Healthy  Certificate is up to date and has not expired  (summary: Ready is True;"
      + " basis: catalogue, Gateway API and cert-manager)\n"
      + "objects.yaml:18: Backup/nightly  Unknown  condlint does not know which condition sums up the health of"
      + " Backup.backup.example.com: declare its summary in the contracts of .condlint.yaml  (not-known: no summary"
      + " condition is known)\n";

  @TempDir Path dir;

  @BeforeEach
  void objects() throws IOException {
    Files.writeString(dir.resolve("objects.yaml"), KUSTOMIZATION + "---\n" + CERTIFICATE + "---\n" + BACKUP);
  }

  private CliRun.Result assertRun(int exit, String out, String err, String... args) {
    CliRun.Result r = CliRun.withBuiltInRules(dir).run(args);
    assertEquals(exit + "\n" + out + "\n" + err, r.exit() + "\n" + r.out() + "\n" + r.err());
    return r;
  }

  /** Created a year before the test's clock, pending unschedulable: kstatus gives the scheduler a minute. */
  private static final String PENDING_POD = """
      apiVersion: v1
      kind: Pod
      metadata: {name: p, creationTimestamp: "2023-06-01T00:00:00Z"}
      status:
        phase: Pending
        conditions: [{type: PodScheduled, status: "False", reason: Unschedulable}]
      """;

  /**
   * Without --now (or now: in .condlint.yaml) a file's health is judged without the clock, as
   * {@code condlint status} judges it: the Pod is still being scheduled, whatever the day.
   */
  @Test
  void withoutNowAFilesHealthDoesNotReadTheClockAndAgreesWithStatus() throws IOException {
    Files.writeString(dir.resolve("pod.yaml"), PENDING_POD);
    assertRun(0, "pod.yaml:1: Pod/p  Progressing  Pod has not been scheduled  (built-in: kstatus computes InProgress"
        + " for Pod; basis: kstatus, kstatus's rule for Pod)\n", "", "health", "pod.yaml");
    assertRun(0, "pod.yaml:1: Pod/p  InProgress  Pod has not been scheduled\n", "", "status", "pod.yaml");
    assertRun(0, "pod.yaml:1: Pod/p  Degraded  Pod could not be scheduled  (built-in: kstatus computes Failed"
        + " for Pod; basis: kstatus, kstatus's rule for Pod)\n", "", "health", "--now", "2023-06-01T00:01:00Z", "pod.yaml");
    Files.writeString(dir.resolve("clock.yaml"), "now: clock\n");
    assertRun(0, "pod.yaml:1: Pod/p  Degraded  Pod could not be scheduled  (built-in: kstatus computes Failed"
        + " for Pod; basis: kstatus, kstatus's rule for Pod)\n", "", "health", "-c", "clock.yaml", "pod.yaml");
  }

  @Test
  void printsEachObjectsHealthWithTheRuleAndBasisThatDecided() {
    assertRun(0, TEXT, "", "health", "--now", NOW, "objects.yaml");
  }

  @Test
  void jsonHasTheHealthKstatusBasisAndReasonOfEachObject() {
    assertRun(0, """
      {
        "objects" : [ {
          "file" : "objects.yaml",
          "line" : 1,
          "object" : {
            "apiVersion" : "kustomize.toolkit.fluxcd.io/v1",
            "kind" : "Kustomization",
            "namespace" : "flux-system",
            "name" : "apps"
          },
          "health" : {
            "status" : "Degraded",
            "message" : "timeout waiting for: [Deployment/web]"
          },
          "kstatus" : {
            "upstream" : {
              "status" : "InProgress",
              "message" : "timeout waiting for: [Deployment/web]"
            },
            "flux" : {
              "status" : "InProgress",
              "message" : "timeout waiting for: [Deployment/web]"
            }
          },
          "basis" : {
            "source" : "catalogue",
            "detail" : "Flux",
            "citation" : "fluxcd/kustomize-controller api/v1/kustomization_types.go@186fb3b29138"
          },
          "reason" : {
            "rule" : "terminal-reason",
            "condition" : "Ready",
            "detail" : "Ready is False with reason HealthCheckFailed, which names no work under way"
          }
        }, {
          "file" : "objects.yaml",
          "line" : 10,
          "object" : {
            "apiVersion" : "cert-manager.io/v1",
            "kind" : "Certificate",
            "namespace" : "",
            "name" : "web"
          },
          "health" : {
            "status" : "Healthy",
            "message" : "Certificate is up to date and has not expired"
          },
          "kstatus" : {
            "upstream" : {
              "status" : "Current",
              "message" : "Resource is Ready"
            },
            "flux" : {
              "status" : "Current",
              "message" : "Resource is Ready"
            }
          },
          "basis" : {
            "source" : "catalogue",
            "detail" : "Gateway API and cert-manager",
            "citation" : "cert-manager/cert-manager pkg/apis/certmanager/v1/types_certificate.go@v1.21.1"
          },
          "reason" : {
            "rule" : "summary",
            "condition" : "Ready",
            "detail" : "Ready is True"
          }
        }, {
          "file" : "objects.yaml",
          "line" : 18,
          "object" : {
            "apiVersion" : "backup.example.com/v1",
            "kind" : "Backup",
            "namespace" : "",
            "name" : "nightly"
          },
          "health" : {
            "status" : "Unknown",
            "message" : "condlint does not know which condition sums up the health of Backup.backup.example.com: declare its summary in the contracts of .condlint.yaml"
          },
          "kstatus" : {
            "upstream" : {
              "status" : "Current",
              "message" : "Resource is current"
            },
            "flux" : {
              "status" : "Current",
              "message" : "Resource is current"
            }
          },
          "basis" : null,
          "reason" : {
            "rule" : "not-known",
            "detail" : "no summary condition is known"
          }
        } ]
      }
      """, "", "health", "--format", "json", "--now", NOW, "objects.yaml");
  }

  @Test
  void consumersShowWhatEachToolConcludes() {
    String[] lines = TEXT.split("\n");
    assertRun(0, lines[0] + "\n"
        + "    kstatus: InProgress  timeout waiting for: [Deployment/web]\n"
        + "    kstatus (flux): InProgress  timeout waiting for: [Deployment/web]\n"
        + "    argocd (condlint's script): Degraded  timeout waiting for: [Deployment/web]\n"
        + "    flux (condlint's CEL): Failed\n"
        + "    kubectl wait --for=condition=Ready: waits  no Ready condition with status True: kubectl wait times out\n"
        + lines[1] + "\n"
        + "    kstatus: Current  Resource is Ready\n"
        + "    kstatus (flux): Current  Resource is Ready\n"
        + "    argocd (condlint's script): Healthy  Certificate is up to date and has not expired\n"
        + "    flux (condlint's CEL): Current\n"
        + "    kubectl wait --for=condition=Ready: met\n"
        + lines[2] + "\n"
        + "    kstatus: Current  Resource is current\n"
        + "    kstatus (flux): Current  Resource is current\n"
        + "    argocd (condlint's script): Unknown  condlint does not know which condition sums up the health of"
        + " Backup.backup.example.com: declare its summary in the contracts of .condlint.yaml\n"
        + "    flux (condlint's CEL): InProgress\n"
        + "    kubectl wait --for=condition=Ready: waits  no Ready condition with status True: kubectl wait times out\n",
        "", "health", "--consumers", "--now", NOW, "objects.yaml");
  }

  @Test
  void anUnknownFormatIsAUsageError() {
    assertRun(2, "", "condlint health: error: --format must be text or json, not 'yaml'\n",
        "health", "--format", "yaml", "objects.yaml");
  }

  /** --now is read as every command reads it (ReferenceTime): an offset is RFC 3339, "yesterday" a usage error. */
  @Test
  void nowIsAnRfc3339TimeAsForEveryCommand() throws IOException {
    Files.writeString(dir.resolve("pod.yaml"), PENDING_POD);
    assertRun(0, "pod.yaml:1: Pod/p  Degraded  Pod could not be scheduled  (built-in: kstatus computes Failed"
        + " for Pod; basis: kstatus, kstatus's rule for Pod)\n", "", "health", "--now", "2023-06-01T02:01:00+02:00", "pod.yaml");
    CliRun.Result r = CliRun.withBuiltInRules(dir).run("health", "--now", "yesterday", "pod.yaml");
    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals("--now: 'yesterday' is not an RFC 3339 time such as 2024-06-01T00:00:00Z", r.err().lines().findFirst().orElse(""));
  }

  @Test
  void exportsTheKstatusReportOfAKind() {
    assertRun(0, """
        Certificate.cert-manager.io: not kstatus-compatible as it stands. Its controller must:
          - write status.observedGeneration: without it kstatus cannot tell a stale status from a current one
          - write Stalled=True with the reason when reconciliation fails terminally: without it kstatus says InProgress for a failed object until the consumer times out
          - write Reconciling=True while work is under way (optional when Ready is False or Unknown meanwhile)
        """, "", "health", "export", "--to", "kstatus", "cert-manager.io/Certificate");
  }

  /**
   * health18's kinds, declared from their own APIs: a Gardener Shoot that Gardener's own status label calls
   * unhealthy (gardener/gardener pkg/utils/gardener/shoot_status.go), a mariadb-operator SqlJob whose Job
   * failed (Complete True with JobFailed, pkg/condition/complete.go), a Kiali between two runs of its Ansible
   * operator (Successful False while Running is True with reason Running: the run under way); the exported
   * Lua judges the SqlJob as condlint does.
   */
  @Test
  void judgesTheKindsHealth18DeclaredFromTheirApis() throws Exception {
    Files.writeString(dir.resolve("h18.yaml"), """
        apiVersion: core.gardener.cloud/v1beta1
        kind: Shoot
        metadata: {name: dev, namespace: garden-dev, generation: 5, labels: {shoot.gardener.cloud/status: unhealthy}}
        spec: {hibernation: {enabled: false}}
        status:
          observedGeneration: 5
          lastOperation: {type: Reconcile, state: Error, progress: 40, description: task errors}
        ---
        apiVersion: k8s.mariadb.com/v1alpha1
        kind: SqlJob
        metadata: {name: seed, namespace: db, generation: 1}
        spec: {mariaDbRef: {name: mariadb}, sql: "SELECT 1;"}
        status:
          conditions:
          - {type: Complete, status: "True", reason: JobFailed, message: Failed, lastTransitionTime: "2026-08-01T00:00:00Z"}
        ---
        apiVersion: kiali.io/v1alpha1
        kind: Kiali
        metadata: {name: kiali, namespace: istio-system, generation: 2}
        spec: {}
        status:
          conditions:
          - {type: Running, status: "True", reason: Running, message: Running reconciliation, lastTransitionTime: "2026-08-02T00:00:00Z"}
          - {type: Successful, status: "False", reason: Successful, message: Last reconciliation succeeded, lastTransitionTime: "2026-08-02T00:00:00Z"}
        """);
    assertRun(0, "h18.yaml:1: Shoot/garden-dev/dev  Degraded  metadata.labels[shoot.gardener.cloud/status] is unhealthy"
        + "  (label: metadata.labels[shoot.gardener.cloud/status] is unhealthy: the API of the controller that manages"
        + " the object says it failed; basis: catalogue, the API on the label shoot.gardener.cloud/status)\n"
        + "h18.yaml:9: SqlJob/db/seed  Degraded  Failed  (terminal-reason: Complete is True with reason JobFailed, with"
        + " which the kind's API reports work that ended in failure; basis: catalogue, MariaDB operator)\n"
        + "h18.yaml:17: Kiali/istio-system/kiali  Progressing  Last reconciliation succeeded  (transient-reason:"
        + " Successful is False while Running is True, which the kind's API says is work under way; basis: catalogue,"
        + " the kind's API on Running)\n", "", "health", "--now", NOW, "h18.yaml");
    CliRun.Result r = CliRun.withBuiltInRules(dir).run("health", "export", "--to", "argocd-lua", "k8s.mariadb.com/SqlJob");
    assertEquals(0, r.exit(), r.err());
    ArgoCdLua.Outcome o = new ArgoCdLua("health.lua", r.out(), true).run(
        YamlDocuments.load("h18.yaml", Files.readString(dir.resolve("h18.yaml"))).documents().get(1).object());
    assertEquals("Degraded | Failed", o.statusLabel() + " | " + o.message());
  }

  @Test
  void theExportedArgoCdScriptJudgesTheObjectsAsCondlintDoes() throws Exception {
    CliRun.Result r = assertRun(0, CliRun.withBuiltInRules(dir).run("health", "export", "--to", "argocd-lua",
        "Certificate.cert-manager.io").out(), "", "health", "export", "--to", "argocd-lua", "cert-manager.io/Certificate");
    assertEquals("-- Health of Certificate.cert-manager.io, generated by condlint health export --to argocd-lua from its"
        + " condition contract:", r.out().lines().findFirst().orElseThrow());
    ArgoCdLua lua = new ArgoCdLua("health.lua", r.out(), true);
    JsonNode certificate = YamlDocuments.load("c.yaml", CERTIFICATE).documents().get(0).object();
    ArgoCdLua.Outcome o = lua.run(certificate);
    assertEquals("Healthy | Certificate is up to date and has not expired", o.statusLabel() + " | " + o.message());
  }

  @Test
  void theExportedFluxEntryIsYamlWhoseExpressionsFluxWouldEvaluateAsCondlintJudges() throws Exception {
    CliRun.Result r = assertRun(0, CliRun.withBuiltInRules(dir).run("health", "export", "--to", "flux-cel",
        "cert-manager.io/Certificate").out(), "", "health", "export", "--to", "flux-cel", "cert-manager.io/v1/Certificate");
    JsonNode entry = YamlDocuments.documents("entry.yaml", r.out()).documents().get(0).object().get(0);
    assertEquals(List.of("apiVersion", "kind", "inProgress", "failed", "current"), iterable(entry));
    assertEquals("cert-manager.io/v1 Certificate", entry.get("apiVersion").asText() + " " + entry.get("kind").asText());
    FluxCel cel = new FluxCel(entry.get("inProgress").asText(), entry.get("failed").asText(), entry.get("current").asText());
    assertEquals("Current", cel.evaluate(YamlDocuments.load("c.yaml", CERTIFICATE).documents().get(0).object()).label());
  }

  private static List<String> iterable(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void aBuiltInKindHasNoScriptToExport() {
    assertRun(2, "", "condlint health export: Deployment.apps is a built-in kind that kstatus judges by a rule of its"
        + " own, and Argo CD and Flux judge it themselves: there is no script to export.\n",
        "health", "export", "--to", "argocd-lua", "apps/Deployment");
  }

  @Test
  void anUnknownExportFormatIsAUsageError() {
    assertRun(2, "", "condlint health export: error: --to must be argocd-lua, flux-cel or kstatus, not 'toml'\n",
        "health", "export", "--to", "toml", "cert-manager.io/Certificate");
  }

  @Test
  void testQuotesMessagesWithTheirQuotesAndBackslashesEscaped() throws IOException {
    Files.writeString(dir.resolve("quote.lua"), """
        return {status = "Degraded", message = 'no certificate for domain "cd.apps.argoproj.io" in C:\\\\certs'}
        """);
    Files.createDirectories(dir.resolve("testdata"));
    Files.writeString(dir.resolve("testdata/healthy.yaml"), CERTIFICATE);
    Files.writeString(dir.resolve("health_test.yaml"), """
        tests:
        - healthStatus: {status: Degraded, message: 'no certificate for domain "cd.apps.argoproj.io" in C:\\certs'}
          inputPath: testdata/healthy.yaml
        - healthStatus: {status: Healthy, message: 'say "ok"'}
          inputPath: testdata/healthy.yaml
        """);
    assertRun(1, """
        PASS testdata/healthy.yaml: script Degraded "no certificate for domain \\"cd.apps.argoproj.io\\" in C:\\\\certs"; condlint Healthy (disagrees)
        FAIL testdata/healthy.yaml: script Degraded "no certificate for domain \\"cd.apps.argoproj.io\\" in C:\\\\certs", expected Healthy "say \\"ok\\""; condlint Healthy (disagrees)
        1 expectation(s) not met.
        """, "", "health", "test", "--argocd-lua", "quote.lua", "--expect", "health_test.yaml");
  }

  @Test
  void testRunsAnArgoCdScriptAgainstItsExpectationsAndExitsOneOnAMismatch() throws IOException {
    Files.writeString(dir.resolve("health.lua"), """
        hs = {}
        if obj.status ~= nil and obj.status.conditions ~= nil then
          for _, c in ipairs(obj.status.conditions) do
            if c.type == "Ready" and c.status == "True" then
              hs.status = "Healthy"
              hs.message = c.message
              return hs
            end
          end
        end
        hs.status = "Progressing"
        hs.message = "Waiting for Ready"
        return hs
        """);
    Files.createDirectories(dir.resolve("testdata"));
    Files.writeString(dir.resolve("testdata/healthy.yaml"), CERTIFICATE);
    Files.writeString(dir.resolve("testdata/degraded.yaml"), KUSTOMIZATION);
    Files.writeString(dir.resolve("health_test.yaml"), """
        tests:
        - healthStatus: {status: Healthy, message: Certificate is up to date and has not expired}
          inputPath: testdata/healthy.yaml
        - healthStatus: {status: Degraded, message: "timeout waiting for: [Deployment/web]"}
          inputPath: testdata/degraded.yaml
        """);
    assertRun(1, """
        PASS testdata/healthy.yaml: script Healthy "Certificate is up to date and has not expired"; condlint Healthy
        FAIL testdata/degraded.yaml: script Progressing "Waiting for Ready", expected Degraded "timeout waiting for: [Deployment/web]"; condlint Degraded (disagrees)
        1 expectation(s) not met.
        """, "", "health", "test", "--argocd-lua", "health.lua", "--expect", "health_test.yaml");
    assertRun(0, """
        objects.yaml:1: Kustomization/flux-system/apps  script Progressing  condlint Degraded  DISAGREE: timeout waiting for: [Deployment/web]
        objects.yaml:10: Certificate/web  script Healthy  condlint Healthy
        objects.yaml:18: Backup/nightly  script Progressing  condlint Unknown  DISAGREE: condlint does not know which condition sums up the health of Backup.backup.example.com: declare its summary in the contracts of .condlint.yaml
        """, "", "health", "test", "--argocd-lua", "health.lua", "objects.yaml");
  }

  @Test
  void exportWithTestsWritesAnArgoCdContributionWhoseTestsTheScriptPasses() throws IOException {
    assertRun(0, """
        out/health.lua
        out/health_test.yaml
        out/testdata/healthy.yaml  (Healthy)
        out/testdata/degraded.yaml  (Degraded)
        out/testdata/progressing.yaml  (Progressing)
        out/testdata/progressing_no_status.yaml  (Progressing)
        out/testdata/progressing_generation.yaml  (Progressing)
        """, "", "health", "export", "--to", "argocd-lua", "--tests", "out", "cert-manager.io/Certificate");
    assertEquals("""
        tests:
        - healthStatus:
            status: Healthy
            message: Ready is True
          inputPath: testdata/healthy.yaml
        - healthStatus:
            status: Degraded
            message: the last attempt failed
          inputPath: testdata/degraded.yaml
        - healthStatus:
            status: Progressing
            message: reconciliation in progress
          inputPath: testdata/progressing.yaml
        - healthStatus:
            status: Progressing
            message: Waiting for Ready
          inputPath: testdata/progressing_no_status.yaml
        - healthStatus:
            status: Progressing
            message: 'Generation 2 not yet observed: Ready''s observedGeneration is 1'
          inputPath: testdata/progressing_generation.yaml
        """, Files.readString(dir.resolve("out/health_test.yaml")));
    // cert-manager records the generation in each condition only: no status.observedGeneration.
    assertEquals("""
        apiVersion: cert-manager.io/v1
        kind: Certificate
        metadata:
          name: example
          generation: 1
        spec: {}
        status:
          conditions:
          - type: Ready
            status: "False"
            reason: Failed
            message: the last attempt failed
            lastTransitionTime: 2026-01-01T00:00:00Z
            observedGeneration: 1
        """, Files.readString(dir.resolve("out/testdata/degraded.yaml")));
    assertRun(0, """
        PASS testdata/healthy.yaml: script Healthy "Ready is True"; condlint Healthy
        PASS testdata/degraded.yaml: script Degraded "the last attempt failed"; condlint Degraded
        PASS testdata/progressing.yaml: script Progressing "reconciliation in progress"; condlint Progressing
        PASS testdata/progressing_no_status.yaml: script Progressing "Waiting for Ready"; condlint Progressing
        PASS testdata/progressing_generation.yaml: script Progressing "Generation 2 not yet observed: Ready's observedGeneration is 1"; condlint Progressing
        All expectations met.
        """, "", "health", "test", "--argocd-lua", "out/health.lua", "--expect", "out/health_test.yaml");
  }

  @Test
  void exportOfAKindNothingDescribesWritesTheGenericScriptSaysSoAndExitsOne() throws IOException {
    CliRun.Result r = CliRun.withBuiltInRules(dir).run("health", "export", "--to", "argocd-lua", "nope.example/Thing");
    assertEquals(1, r.exit());
    assertEquals("-- Health of Thing.nope.example, generated by condlint health export --to argocd-lua from its"
        + " condition contract:", r.out().lines().findFirst().orElseThrow());
    assertEquals("condlint health export: note: no CRD, catalogue entry or configuration describes Thing.nope.example:"
        + " the script judges it by its objects' condition names alone (Ready or Succeeded where present); give its"
        + " CRD with --crds, or declare its contract in .condlint.yaml\n", r.err());

    CliRun.Result typo = CliRun.withBuiltInRules(dir).run("health", "export", "--to", "flux-cel", "rabbitmq.com/RabbitmqClustr");
    assertEquals(1, typo.exit());
    assertEquals("condlint health export: note: no CRD, catalogue entry or configuration describes"
        + " RabbitmqClustr.rabbitmq.com: the expressions judge it by its objects' condition names alone (Ready or"
        + " Succeeded where present); give its CRD with --crds, or declare its contract in .condlint.yaml (did you"
        + " mean RabbitmqCluster.rabbitmq.com?)\n", typo.err());

    Files.writeString(dir.resolve("thing.yaml"), """
        contracts:
          - group: nope.example
            kinds: [Thing]
            conditions:
              family: metav1
              types:
                Ready: normal-true
              summary: [Ready]
        """);
    CliRun.Result declared = CliRun.withBuiltInRules(dir).run("health", "export", "--to", "argocd-lua", "-c",
        "thing.yaml", "nope.example/Thing");
    assertEquals(0 + "\n", declared.exit() + "\n" + declared.err());
  }

  @Test
  void testsDirThatCannotBeWrittenIsAnErrorNamingThePathNotAnInternalError() throws IOException {
    Files.writeString(dir.resolve("out"), "a file, not a directory\n");
    assertRun(2, "", "condlint health export: error: cannot write --tests out: out/testdata: not a directory\n",
        "health", "export", "--to", "argocd-lua", "--tests", "out", "cert-manager.io/Certificate");
  }

  @Test
  void aMissingScriptIsAnInputErrorNamingIt() {
    assertRun(2, "", "missing.lua: error: no such file or directory\n",
        "health", "test", "--argocd-lua", "missing.lua", "objects.yaml");
  }

  @Test
  void anExpectFileThatIsNoTestSuiteOrNamesAMissingInputIsAnInputErrorNotAnInternalOne() throws IOException {
    Files.writeString(dir.resolve("ok.lua"), "return {status = \"Healthy\", message = \"\"}\n");
    Files.writeString(dir.resolve("empty.yaml"), "");
    assertRun(2, "", "empty.yaml: error: no tests: list, as Argo CD's health_test.yaml has (tests: [{inputPath,"
        + " healthStatus: {status, message}}])\n", "health", "test", "--argocd-lua", "ok.lua", "--expect", "empty.yaml");
    Files.writeString(dir.resolve("broken.yaml"), "tests: [\n");
    assertEquals(2, CliRun.withBuiltInRules(dir).run("health", "test", "--argocd-lua", "ok.lua", "--expect", "broken.yaml").exit());
    Files.createDirectories(dir.resolve("kind/testdata"));
    Files.writeString(dir.resolve("kind/testdata/healthy.yaml"), CERTIFICATE);
    Files.writeString(dir.resolve("kind/health_test.yaml"), """
        tests:
        - healthStatus: {status: Healthy, message: ""}
          inputPath: testdata/missing.yaml
        - healthStatus: {status: Healthy, message: ""}
          inputPath: testdata/healthy.yaml
        """);
    assertRun(2, """
        PASS testdata/healthy.yaml: script Healthy ""; condlint Healthy
        0 expectation(s) not met. 1 case(s) not run: their input could not be read.
        """, "kind/testdata/missing.yaml: error: no such file or directory\n",
        "health", "test", "--argocd-lua", "ok.lua", "--expect", "kind/health_test.yaml");
  }

  @Test
  void aScriptErrorIsShownBesideTheObject() throws IOException {
    Files.writeString(dir.resolve("nil.lua"), "local x = nil\nreturn x.y\n");
    CliRun.Result r = CliRun.withBuiltInRules(dir).run("health", "test", "--argocd-lua", "nil.lua", "objects.yaml");
    assertEquals("objects.yaml:10: Certificate/web  script error (nil.lua:2 attempt to index ? (a nil value))  condlint"
        + " Healthy  DISAGREE: Certificate is up to date and has not expired", r.out().lines().toList().get(1));
  }

  @Test
  void fluxExpressionsThatDoNotCompileAreAnErrorBeforeAnyObject() throws IOException {
    Files.writeString(dir.resolve("checks.yaml"), """
        - apiVersion: cert-manager.io/v1
          kind: Certificate
          current: "status.conditions.exists(c, c.type == )"
        """);
    CliRun.Result r = CliRun.withBuiltInRules(dir).run("health", "test", "--flux-cel", "checks.yaml", "objects.yaml");
    assertEquals("""
        2

        checks.yaml: error: the current expression does not compile at 1:39: mismatched input ')' expecting {'[', '{', '(', '.',\
         '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
         | status.conditions.exists(c, c.type == )
         | ......................................^
        """, r.exit() + "\n" + r.out() + "\n" + r.err());
  }

  @Test
  void anExpectFilesKeysAreReadWithoutRegardToCaseAsArgoCdReadsThemAndACaseWithoutInputIsNamed() throws IOException {
    Files.writeString(dir.resolve("ok.lua"), "return {status = \"Healthy\", message = \"\"}\n");
    Files.createDirectories(dir.resolve("kind/testdata"));
    Files.writeString(dir.resolve("kind/testdata/healthy.yaml"), CERTIFICATE);
    Files.writeString(dir.resolve("kind/health_test.yaml"), """
        tests:
        - healthStatus: {status: Healthy, message: ""}
          inputpath: testdata/healthy.yaml
        - healthStatus: {status: Healthy, message: ""}
        """);
    assertRun(2, """
        PASS testdata/healthy.yaml: script Healthy ""; condlint Healthy
        0 expectation(s) not met. 1 case(s) not run: their input could not be read.
        """, "kind/health_test.yaml: error: tests[1] has no inputPath\n",
        "health", "test", "--argocd-lua", "ok.lua", "--expect", "kind/health_test.yaml");
  }

  @Test
  void aLuaSyntaxErrorNamesTheFileTheLineAndTheTokenByItsText() throws IOException {
    Files.writeString(dir.resolve("syn.lua"), "hs = {\nreturn hs\n");
    assertRun(2, "", "syn.lua:2: error: unexpected symbol 'return'\n", "health", "test", "--argocd-lua", "syn.lua", "objects.yaml");
  }

  @Test
  void aTestWithNeitherObjectsNorExpectationsIsAUsageError() throws IOException {
    Files.writeString(dir.resolve("ok.lua"), "return {status = \"Healthy\", message = \"\"}\n");
    assertRun(2, "", "condlint health test: error: name the objects to run the script on (PATH...), or Argo CD's"
        + " health_test.yaml with --expect\n", "health", "test", "--argocd-lua", "ok.lua");
  }

  @Test
  void aFileWithoutObjectsIsNotedNotPassedOverInSilence() throws IOException {
    Files.writeString(dir.resolve("empty.yaml"), "");
    Files.writeString(dir.resolve("table.yaml"), "cases:\n- name: one\n");
    assertRun(0, "", "empty.yaml: no objects\ntable.yaml: no objects (1 document without apiVersion and kind skipped)\n",
        "health", "empty.yaml", "table.yaml");
  }

  @Test
  void testsAreForArgoCdOnly() {
    assertRun(2, "", "condlint health export: error: --tests writes Argo CD's health_test.yaml: it needs --to argocd-lua\n",
        "health", "export", "--to", "flux-cel", "--tests", "out", "cert-manager.io/Certificate");
  }

  @Test
  void consumersShowArgoCdsOwnAssessmentOfTheKindsItJudgesInGo() throws IOException {
    Files.writeString(dir.resolve("deployment.yaml"), """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, generation: 3}
        spec: {replicas: 3}
        status:
          observedGeneration: 3
          replicas: 3
          updatedReplicas: 2
          availableReplicas: 2
          conditions:
          - {type: Available, status: "True", reason: MinimumReplicasAvailable}
          - {type: Progressing, status: "True", reason: ReplicaSetUpdated}
        """);
    assertRun(0, """
        deployment.yaml:1: Deployment/web  Progressing  Updated: 2/3  (built-in: kstatus computes InProgress for Deployment.apps; basis: kstatus, kstatus's rule for Deployment.apps)
            kstatus: InProgress  Updated: 2/3
            kstatus (flux): InProgress  Updated: 2/3
            argocd (built-in): Progressing  Waiting for rollout to finish: 2 out of 3 new replicas have been updated...
            flux (condlint's CEL): kstatus  Flux judges Deployment.apps with kstatus
            kubectl wait --for=condition=Ready: waits  no Ready condition with status True: kubectl wait times out
        """, "", "health", "--consumers", "--now", NOW, "deployment.yaml");
  }

  @Test
  void takesSchemaLocationsAsLintDoes() throws IOException {
    assertRun(2, "", "--schema-location 'nowhere': no such directory or file, and no URL or template\n"
        + "Try 'condlint health --help' for more information.\n", "health", "--schema-location", "nowhere", "objects.yaml");
    Files.createDirectories(dir.resolve("schemas"));
    assertRun(0, TEXT, "", "health", "--schema-location", "schemas", "--now", NOW, "objects.yaml");
  }
}
