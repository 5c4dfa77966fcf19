package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.cluster.testing.TestApiServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * condlint audit of a small cluster (audit/cluster.yaml) served by the test API server: the report,
 * the writer of each finding, the filters, and each way a cluster fails to be read, injected by the
 * server's dispatcher (403 on a resource, 410 on a continue token, a discovery group down, 429 and
 * 5xx, an answer that stalls, a server that refuses every request).
 */
class AuditCommandTest {
  private static final String WIDGET_A = """
      k8s://example.com/v1/Widget/shop/a: profile k8s (uid 00000000-0000-0000-0000-000000000002, resourceVersion 2)
      k8s://example.com/v1/Widget/shop/a#/metadata/annotations/condlint.dev~1ignore: info suppression-unused: \
      The condlint.dev/ignore annotation suppresses condition-message-present, but condition-message-present \
      reports nothing here. (written by kubectl-client-side-apply)
          hint: Remove condition-message-present from the annotation, or correct the rule id.
      k8s://example.com/v1/Widget/shop/a#/status/conditions/0/reason: error condition-reason-format: Condition \
      "Ready" has reason "not enough capacity", which is not a one-word identifier matching \
      `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, digits, '_', ',' and ':'; a letter, \
      digit or '_' last); its condition type's schema rejects it. (written by widget-controller)
          hint: Use a one-word CamelCase reason such as `ImagePullFailed`; put details in the message.
      """;

  /** The Deployment's finding, in the text format. */
  private static final String DEPLOYMENT_FINDING = """
      k8s://apps/v1/Deployment/shop/web#/status/conditions/1/type: error condition-type-unique: Type "Available" \
      appears again (first as condition #0); conditions are a map keyed by type, so one of the two is lost. \
      (written by kube-controller-manager)
          hint: Merge the two conditions into one entry per type.
      """;

  private static final String REPORT = """
      k8s://apps/v1/Deployment/shop/web: profile k8s (uid 00000000-0000-0000-0000-000000000004, resourceVersion 4)
      """ + DEPLOYMENT_FINDING + WIDGET_A;

  private static final String TABLES = """
      Findings by writer:
        WRITER                     OBJECTS  ERRORS  WARNINGS  INFOS
        kube-controller-manager          1       1         0      0
        widget-controller                1       1         0      0
        kubectl-client-side-apply        1       0         0      1
      Findings by kind:
        KIND                AUDITED  WITH FINDINGS  ERRORS  WARNINGS  INFOS
        example.com/Widget        2              1       1         0      1
        apps/Deployment           1              1       1         0      0
      """;

  @TempDir Path dir;

  private final TestApiServer server = new TestApiServer();
  private AuditRun audit;

  @BeforeEach
  void load() {
    server.load(AuditRun.objectsOf("audit/cluster.yaml"));
    audit = new AuditRun(server, dir, CliRun.withBuiltInRules(dir));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** The output with the server's URL, which changes from run to run, as {@code https://mock}. */
  private String out(CliRun.Result r) {
    return r.out().replace(server.url().replaceAll("/$", ""), "https://mock");
  }

  @Test
  void eachFindingNamesItsObjectAndTheManagerThatWroteItsFieldAndTheReportEndsWithTables() {
    CliRun.Result r = audit.run();

    assertEquals("", r.err());
    assertEquals(REPORT + "Audited 5 objects of 4 resources at https://mock: 2 errors, 0 warnings, 1 info.\n"
        + TABLES, out(r));
    assertEquals(1, r.exit());
  }

  @Test
  void fieldsWrittenByTwoManagersAreEachAttributedToTheirOwn() throws IOException {
    // Widget a: spec and annotations by kubectl (an Update), status by widget-controller (the status subresource).
    CliRun.Result r = audit.run("--format", "json", "--kinds", "Widget");

    JsonNode findings = new ObjectMapper().readTree(r.out()).path("findings");
    assertEquals(List.of(
            "/metadata/annotations/condlint.dev~1ignore kubectl-client-side-apply a 00000000-0000-0000-0000-000000000002 2",
            "/status/conditions/0/reason widget-controller a 00000000-0000-0000-0000-000000000002 2"),
        List.of(line(findings.get(0)), line(findings.get(1))));
    assertEquals(2, findings.size());
  }

  private static String line(JsonNode finding) {
    JsonNode object = finding.path("object");
    return finding.path("pointer").asText() + " " + finding.path("writer").asText() + " "
        + object.path("name").asText() + " " + object.path("uid").asText() + " "
        + object.path("resourceVersion").asText();
  }

  @Test
  void aForbiddenResourceIsAReadErrorAndTheOthersAreAudited() {
    server.forbid("widgets.example.com");

    CliRun.Result r = audit.run();

    assertEquals("""
        k8s://apps/v1/Deployment/shop/web: profile k8s (uid 00000000-0000-0000-0000-000000000004, resourceVersion 4)
        """ + DEPLOYMENT_FINDING + """
        widgets.example.com: error: HTTP 403 Forbidden: widgets.example.com is forbidden: User "test" cannot list \
        resource
        Audited 3 objects of 4 resources at https://mock: 1 error, 0 warnings, 0 infos. 1 read error.
        Findings by writer:
          WRITER                   OBJECTS  ERRORS  WARNINGS  INFOS
          kube-controller-manager        1       1         0      0
        Findings by kind:
          KIND             AUDITED  WITH FINDINGS  ERRORS  WARNINGS  INFOS
          apps/Deployment        1              1       1         0      0
        """, out(r));
    assertEquals(2, r.exit());
  }

  @Test
  void anExpiredContinueTokenRestartsTheListAndEachObjectIsReportedOnce() {
    CliRun.Result clean = audit.run("--chunk-size", "1", "--concurrency", "1");
    server.clearRequests();
    server.expireFirstContinue("widgets.example.com");

    CliRun.Result r = audit.run("--chunk-size", "1", "--concurrency", "1");

    assertEquals(clean, r);
    assertEquals(List.of("?limit=1", "?limit=1&continue=T", "?limit=1", "?limit=1&continue=T"), widgetLists());
  }

  /** The queries of the lists of widgets, each continue token as T. */
  private List<String> widgetLists() {
    return server.requests().stream().filter(p -> p.startsWith("/apis/example.com/v1/widgets?"))
        .map(p -> p.substring(p.indexOf('?')).replaceAll("continue=[^&]*", "continue=T")).toList();
  }

  @Test
  void aDiscoveryGroupThatFailsIsAReadErrorAndTheOthersAreAudited() {
    server.failDiscovery("example.com/v1");

    CliRun.Result r = audit.run("--quiet");

    assertEquals(DEPLOYMENT_FINDING + """
        discovery of example.com/v1: error: the API server could not refresh it (its API service is unavailable); \
        its resources are not audited
        """, out(r));
    assertEquals(2, r.exit());
  }

  @Test
  void aDiscoveryGroupThatFailsWithoutAggregatedDiscoveryIsAReadErrorAndTheOthersAreAudited() {
    server.withoutAggregatedDiscovery().failDiscovery("example.com/v1");

    CliRun.Result r = audit.run("--quiet");

    assertEquals(DEPLOYMENT_FINDING + """
        discovery of example.com/v1: error: HTTP 503 ServiceUnavailable: the server is currently unable to handle \
        the request; its resources are not audited
        """, out(r));
    assertEquals(2, r.exit());
  }

  @Test
  void throttlingAndServerErrorsAreRetriedAndLeaveNoTrace() {
    CliRun.Result clean = audit.run();
    server.clearRequests();
    server.fail("widgets.example.com", 429, 2);
    server.fail("widgets.example.com", 500, 1);

    CliRun.Result r = audit.run();

    assertEquals(clean, r);
    assertEquals(List.of("?limit=500", "?limit=500", "?limit=500", "?limit=500"), widgetLists());
  }

  @Test
  void anAnswerThatStallsIsTriedAgain() {
    CliRun.Result clean = audit.run();
    server.clearRequests();
    server.delay("widgets.example.com", Duration.ofSeconds(5), 1);

    CliRun.Result r = audit.run("--request-timeout", "300ms");

    assertEquals(clean, r);
    assertEquals(List.of("?limit=500", "?limit=500"), widgetLists());
  }

  @Test
  void aServerThatRefusesEverythingIsAnErrorWithoutAReport() {
    server.refuseEverything(401, "Unauthorized", "Unauthorized");

    CliRun.Result r = audit.run();

    assertEquals("", r.out());
    assertEquals("condlint: error: cannot read the cluster at https://mock: HTTP 401 Unauthorized: Unauthorized\n",
        r.err().replace(server.url().replaceAll("/$", ""), "https://mock"));
    assertEquals(2, r.exit());
  }

  @Test
  void aNamespaceLeavesOutOtherNamespacesAndClusterScopedObjectsButItsCrdsStillJudge() {
    CliRun.Result r = audit.run("-n", "shop", "--quiet");

    assertEquals(REPORT.lines().filter(l -> !l.contains(": profile ")).map(l -> l + "\n")
        .reduce("", String::concat), out(r));
  }

  @Test
  void theSummaryCountsWhatTheFiltersLetThrough() {
    assertEquals("Audited 3 objects of 3 resources at https://mock: 2 errors, 0 warnings, 1 info.",
        summaryLine(audit.run("-n", "shop")));
    // The CRD has no label: it is not audited, but it is still the Widgets' contract.
    assertEquals("Audited 3 objects of 4 resources at https://mock: 2 errors, 0 warnings, 1 info.",
        summaryLine(audit.run("-l", "app=web")));
    assertEquals("Audited 2 objects of 1 resource at https://mock: 1 error, 0 warnings, 1 info.",
        summaryLine(audit.run("--kinds", "example.com/*")));
    assertEquals("Audited 3 objects of 3 resources at https://mock: 1 error, 0 warnings, 0 infos.",
        summaryLine(audit.run("--exclude-kinds", "widgets.example.com", "--exclude-kinds", "nothing")));
    assertEquals("Audited 2 objects of 2 resources at https://mock: 1 error, 0 warnings, 0 infos.",
        summaryLine(audit.run("--kinds", "Deployment,core/Pod")));
  }

  /** A kind as kubectl resolves it: kind, lower case, plural, short name, resource.group (issue 25, item 5). */
  @ParameterizedTest
  @ValueSource(strings = {"Deployment", "deployment", "deployments", "deploy", "deployments.apps", "DEPLOY"})
  void kindsTakeEveryNameKubectlTakes(String kind) {
    assertEquals("Audited 1 object of 1 resource at https://mock: 1 error, 0 warnings, 0 infos.",
        summaryLine(audit.run("--kinds", kind)));
  }

  /** A custom resource's kind by the names its CRD gives it, short name and plural included, as discovery serves them. */
  @ParameterizedTest
  @ValueSource(strings = {"Widget", "widget", "widgets", "wdg", "WDG", "wdg.example.com", "widgets.example.com"})
  void kindsOfACustomResourceTakeTheNamesItsCrdGives(String kind) {
    assertEquals("Audited 2 objects of 1 resource at https://mock: 1 error, 0 warnings, 1 info.",
        summaryLine(audit.run("--kinds", kind)));
  }

  @Test
  void kindsThatMatchNoResourceAreAnErrorWithTheNearestKind() {
    CliRun.Result r = audit.run("--kinds", "Deploymnet,Widget,Widgte");

    assertEquals("", r.out());
    assertEquals("condlint: error: --kinds: the server has no resource type 'Deploymnet' (did you mean"
        + " 'Deployment.apps'?), 'Widgte' (did you mean 'Widget.example.com'?)\n", r.err());
    assertEquals(2, r.exit());
  }

  private String summaryLine(CliRun.Result r) {
    return out(r).lines().filter(l -> l.startsWith("Audited ")).findFirst().orElse(r.err());
  }

  @Test
  void theExitStatusIsLints() {
    // Without the reason's format rule, the CRD's schema (the Widgets' contract) still rejects the reason.
    String[] onlyTheInfo = {"--kinds", "Widget", "--disable", "condition-reason-format", "--disable",
        "sample-status-schema"};
    assertEquals(0, audit.run("--fail-on", "never").exit());
    assertEquals(1, audit.run("--kinds", "Widget", "--disable", "condition-reason-format").exit());
    assertEquals(0, audit.run(onlyTheInfo).exit());
    assertEquals(1, audit.run(concat(onlyTheInfo, "--fail-on", "info")).exit());
  }

  private static String[] concat(String[] first, String... more) {
    String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }

  @Test
  void theProgressGoesToStandardErrorAndIsErasedAtTheEnd() {
    CliRun.Result r = audit.run("--progress", "--concurrency", "1");

    String err = r.err();
    assertTrue(err.startsWith("\rcondlint audit: 0 of 4 resources listed, 0 objects read"), err);
    assertTrue(err.contains("\rcondlint audit: 4 of 4 resources listed, 5 objects read"), err);
    assertTrue(err.endsWith("\r" + " ".repeat("condlint audit: 4 of 4 resources listed, 5 objects read".length()) + "\r"),
        err);
    assertEquals(REPORT + "Audited 5 objects of 4 resources at https://mock: 2 errors, 0 warnings, 1 info.\n"
        + TABLES, out(r));
  }

  @Test
  void saveWritesEachObjectReadAndRefusesADirectoryThatIsNotEmpty() throws IOException {
    Path saved = dir.resolve("saved");

    CliRun.Result r = audit.run("--save", saved.toString(), "--fail-on", "never");

    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of("apiextensions.k8s.io/customresourcedefinitions/widgets.example.com.yaml",
        "apps/deployments/shop/web.yaml", "core/pods/shop/web-1.yaml", "example.com/widgets/default/b.yaml",
        "example.com/widgets/shop/a.yaml"), files(saved));
    CliRun.Result again = audit.run("--save", saved.toString());
    assertEquals("condlint: error: --save: " + saved + " is not empty; name a new or empty directory\n", again.err());
    assertEquals(2, again.exit());
  }

  private static List<String> files(Path root) throws IOException {
    try (var walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/')).sorted()
          .toList();
    }
  }

  @Test
  void theReportIsNotWrittenIntoTheSavedObjects() {
    CliRun.Result r = audit.run("--save", "saved", "-o", "saved/report.txt");

    assertEquals("condlint: error: --output saved/report.txt is inside --save saved; condlint lint would read the"
        + " report as an object\n", r.err());
    assertEquals(2, r.exit());
  }

  @Test
  void mistakenFlagsAreUsageErrors() {
    assertUsageError("--namespace and --all-namespaces exclude each other", "-n", "shop", "-A");
    assertUsageError("--kinds: 'apps/Deploy ment' is not a kind pattern such as Deployment, apps/Deployment,"
        + " deployments.apps or *.fluxcd.io/*", "--kinds", "apps/Deploy ment");
    assertUsageError("--exclude-kinds: 'a/b/c' is not a kind pattern such as Deployment, apps/Deployment,"
        + " deployments.apps or *.fluxcd.io/*", "--exclude-kinds", "a/b/c");
    assertUsageError("--chunk-size: must be at least 1, not 0", "--chunk-size", "0");
    assertUsageError("--concurrency: must be at least 1, not 0", "--concurrency", "0");
    assertUsageError("--request-timeout: must be more than 0, not 0", "--request-timeout", "0");
    assertUsageError("--profile: unknown profile 'flx'; did you mean 'flux'? (known: k8s, kstatus, flux, knative,"
        + " capi-v1beta2, capi-v1beta1, gateway-api, cert-manager)", "--profile", "flx");
    assertUsageError("--quiet and --summary shape the text format only, not json", "--quiet", "--format", "json");
  }

  private void assertUsageError(String message, String... args) {
    CliRun.Result r = audit.run(args);
    assertEquals(2, r.exit(), String.join(" ", args));
    assertTrue(r.err().startsWith(message + "\n"), r.err());
    assertEquals("", r.out());
  }

  @Test
  void aMissingKubeconfigOrContextIsNamed() {
    CliRun cli = CliRun.withBuiltInRules(dir);

    CliRun.Result missing = cli.run("audit", "--kubeconfig", "nope");
    CliRun.Result context = audit.run("--context", "prod");

    assertEquals("condlint: error: --kubeconfig: cannot read " + dir.resolve("nope") + "\n", missing.err());
    assertEquals(2, missing.exit());
    assertEquals("condlint: error: --context: no context 'prod' in the kubeconfig (contexts: mock)\n", context.err());
    assertEquals(2, context.exit());
  }
}
