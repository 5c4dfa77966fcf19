package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.rules.testing.CaseFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code condlint contracts export} of five real CRDs (contracts/crds, SOURCES.md), from files and from a
 * test API server: the exact outputs, and the round trip that is the point of the command: the objects of
 * contracts/objects.yaml linted with the CRDs and with only what was exported from them give the same
 * findings (rule, severity, pointer, line, column): the config form states everything of a CRD that lint
 * reads (the condition type, its constraints, a default's placeholder conditions, the CRD's categories).
 */
class ContractsExportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> CRD_FILES = List.of(
      "cert-manager.io_certificaterequests.yaml", "gateway.networking.k8s.io_gatewayclasses.yaml",
      "keda.sh_scaledobjects.yaml", "kustomize.toolkit.fluxcd.io_kustomizations.yaml",
      "serving.knative.dev_routes.yaml");

  /** The config form of the five CRDs, after its first line (which names the source). */
  static final String CONFIG_BODY = """
      # Use it as it is (condlint lint -c FILE), or copy its contracts: entries into your .condlint.yaml.
      # 5 CRDs, 5 entries, 6 condition lists.
      contracts:
      - group: cert-manager.io
        kinds:
        - CertificateRequest
        versions:
        - v1
        categories:
        - cert-manager
        conditions:
          family: certmanager-cr
      - group: gateway.networking.k8s.io
        kinds:
        - GatewayClass
        versions:
        - v1
        - v1beta1
        categories:
        - gateway-api
        conditions:
          family: metav1
          placeholders:
          - lastTransitionTime: 1970-01-01T00:00:00Z
            message: Waiting for controller
            reason: Pending
            status: Unknown
            type: Accepted
      - group: keda.sh
        kinds:
        - ScaledObject
        versions:
        - v1alpha1
        conditions:
          family: keda
      - group: kustomize.toolkit.fluxcd.io
        kinds:
        - Kustomization
        versions:
        - v1
        categories:
        - all
        - fluxcd
        - fluxcd-appliers
        conditions:
          family: metav1
      - group: serving.knative.dev
        kinds:
        - Route
        versions:
        - v1
        categories:
        - all
        - knative
        - serving
        conditions:
          fields:
            lastTransitionTime: optional
            message: optional
            reason: optional
            severity: optional
            status: required
            type: required
          constraints:
            lastTransitionTime:
              type: string
      """;

  /** The findings of objects.yaml with the CRDs: rule, severity, pointer, line:column. */
  private static final List<String> WITH_CRDS = List.of(
      "condition-message-when-abnormal warning /status/conditions/0/message 18:14",
      "condition-reason-format info /status/conditions/1/reason 22:13",
      "condition-last-transition-time-format error /status/conditions/1/lastTransitionTime 23:25",
      "condition-message-when-abnormal info /status/conditions/2/message 47:5",
      "condition-unknown-field warning /status/conditions/2/lastTransitionTime 49:25",
      "kstatus-progress-detectable info /status/observedGeneration 58:1",
      "summary-true-but-stale warning /status/conditions/0/status 61:13",
      "condition-reason-required error /status/conditions/1/reason 66:5",
      "condition-last-transition-time-required error /status/conditions/0/lastTransitionTime 88:5",
      "condition-reason-required error /status/conditions/1/reason 95:13",
      "condition-unknown-field warning /status/conditions/1/lastUpdateTime 99:21",
      "condition-message-when-abnormal warning /status/conditions/0/message 114:5",
      "knative-severity-valid error /status/conditions/0/severity 116:15",
      "kstatus-progress-detectable info /status/observedGeneration 130:1");

  @TempDir Path dir;

  private final TestApiServer server = new TestApiServer();
  private CliRun cli;

  @BeforeEach
  void copyResources() throws IOException {
    Path crds = Files.createDirectories(dir.resolve("crds"));
    for (String f : CRD_FILES) {
      Files.copy(Golden.resource("contracts/crds/" + f), crds.resolve(f));
    }
    Files.copy(Golden.resource("contracts/objects.yaml"), dir.resolve("objects.yaml"));
    cli = CliRun.withBuiltInRules(dir);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void theConfigFormOfFilesStatesEachListsConditionTypePlaceholdersAndTheCrdsCategories() {
    CliRun.Result r = cli.run("contracts", "export", "--to", "config", "crds");

    assertEquals(new CliRun.Result(0, "# Condition contracts of the CRDs of the files crds, written by condlint"
        + " contracts export.\n" + CONFIG_BODY, ""), r);
  }

  @Test
  void listsInListsAndUnderMapsAreEntriesByPathAndTheRoundTripHolds() throws IOException {
    CaseFile machines = useCase("machines", "machines.yaml");

    CliRun.Result r = cli.run("contracts", "export", "--to", "config", "-o", "machines.condlint.yaml", "machines.yaml");

    assertEquals(new CliRun.Result(0, "", ""), r, "a non-empty reason is a constraint the file states");
    assertEquals("""
        # Condition contracts of the CRDs of the files machines.yaml, written by condlint contracts export.
        # Use it as it is (condlint lint -c FILE), or copy its contracts: entries into your .condlint.yaml.
        # 1 CRD, 1 entry, 2 condition lists.
        contracts:
        - group: example.com
          kinds:
          - Machine
          versions:
          - v1
          lists:
            status.parts[].conditions:
              fields:
                type: required
                status: required
                detail: optional
            status.components.*.conditions:
              fields:
                type: required
                status: required
                reason: required
                observedGeneration: optional
              constraints:
                reason:
                  minLength: 1
              observedGeneration: condition
        """, Files.readString(dir.resolve("machines.condlint.yaml")));
    assertEquals(0, cli.run("contracts", "export", "--to", "schema-dir", "-o", "schemas", "machines.yaml").exit());
    assertMarked(machines, "--crds", "machines.yaml");
    assertMarked(machines, "--schema-location", "schemas");
    assertMarked(machines, "-c", "machines.condlint.yaml"); // an empty reason is a missing one in both
  }

  @Test
  void theDefaultsPlaceholderConditionsRoundTripThroughTheConfig() throws IOException {
    CaseFile tunnels = useCase("tunnels", "tunnels.yaml");
    assertEquals(0, cli.run("contracts", "export", "--to", "config", "-o", "t.condlint.yaml", "tunnels.yaml").exit());
    String exported = Files.readString(dir.resolve("t.condlint.yaml"));
    Files.writeString(dir.resolve("no-placeholders.yaml"), exported.replaceAll("(?s)    placeholders:.*", ""));

    assertMarked(tunnels, "--crds", "tunnels.yaml");
    assertMarked(tunnels, "-c", "t.condlint.yaml");
    assertEquals(List.of(
            "kstatus-progress-detectable info /status/observedGeneration 7:1",
            "condition-observed-generation-set info /status/conditions/0/observedGeneration 9:5",
            "kstatus-progress-detectable info /status/observedGeneration 15:1",
            "condition-observed-generation-set info /status/conditions/0/observedGeneration 18:5"),
        findings("-c", "no-placeholders.yaml"), "without them the placeholder is judged as a controller's write");
  }

  @Test
  void theCrdsCategoriesAndTheFormatsItLacksRoundTripThroughTheConfig() throws IOException {
    CaseFile compositeAndPool = useCase("composite-and-pool", "more.yaml");

    CliRun.Result r = cli.run("contracts", "export", "--to", "config", "-o", "more.condlint.yaml", "more.yaml");

    assertEquals(new CliRun.Result(0, "", ""), r);
    assertEquals("""
        # Condition contracts of the CRDs of the files more.yaml, written by condlint contracts export.
        # Use it as it is (condlint lint -c FILE), or copy its contracts: entries into your .condlint.yaml.
        # 2 CRDs, 2 entries, 2 condition lists.
        contracts:
        - group: example.net
          kinds:
          - Pool
          versions:
          - v1
          conditions:
            family: metav1
            fields:
              reason: required
            constraints:
              type:
                pattern: null
              lastTransitionTime:
                format: null
              reason:
                pattern: null
            observedGeneration: condition
        - group: example.org
          kinds:
          - XDatabase
          versions:
          - v1
          categories:
          - composite
          conditions:
            family: crossplane
        """, Files.readString(dir.resolve("more.condlint.yaml")));
    assertMarked(compositeAndPool, "--crds", "more.yaml");
    assertMarked(compositeAndPool, "-c", "more.condlint.yaml");
    List<String> withCrds = compositeAndPool.expectedAsWritten();
    String exported = Files.readString(dir.resolve("more.condlint.yaml"));
    Files.writeString(dir.resolve("no-categories.yaml"), exported.replace("  categories:\n  - composite\n", ""));
    Files.writeString(dir.resolve("no-nulls.yaml"), exported.replace("""
            constraints:
              type:
                pattern: null
              lastTransitionTime:
                format: null
              reason:
                pattern: null
        """, ""));
    assertEquals(withCrds.subList(1, 4), findings("-c", "no-categories.yaml"),
        "the Crossplane entry, selected by category, says that XDatabase's Ready and Synced must both be present");
    assertEquals(List.of(
            "summary-condition-present info /status/conditions 7:3",
            "condition-reason-format error /status/conditions/0/reason 19:44",
            "condition-message-informative info /status/conditions/0/message 19:66",
            "condition-last-transition-time-format error /status/conditions/0/lastTransitionTime 19:96"),
        findings("-c", "no-nulls.yaml"), "without the nulls, metav1's pattern and time format are the schema's");
  }

  @Test
  void theOutputDependsOnTheCrdsNotOnTheOrderTheyAreGivenIn() {
    List<String> reversed = new ArrayList<>(List.of("contracts", "export", "--to", "config"));
    List<String> files = new ArrayList<>(CRD_FILES);
    java.util.Collections.reverse(files);
    files.forEach(f -> reversed.add("crds/" + f));
    // A CRD given twice counts once, the first of a name winning, as in lint.
    reversed.add("--crds");
    reversed.add("crds");

    CliRun.Result r = cli.run(reversed.toArray(String[]::new));

    assertEquals(CONFIG_BODY, r.out().substring(r.out().indexOf('\n') + 1));
    assertEquals(0, r.exit());
  }

  @Test
  void theTimeIsInTheHeaderOnlyWhenAskedFor() {
    CliRun.Result clock = cli.run("contracts", "export", "--to", "config", "--now", "--crds", "crds");
    CliRun.Result given = cli.run("contracts", "export", "--to", "config", "--now=2026-11-27T10:00:00+01:00", "crds");

    assertEquals("# Condition contracts of the CRDs of the files crds, written by condlint contracts export.\n"
        + "# Written at 2024-06-01T00:00:00Z.\n" + CONFIG_BODY, clock.out());
    assertEquals("# Written at 2026-11-27T09:00:00Z.", given.out().lines().toList().get(1));
  }

  @Test
  void theSchemaDirectoryHoldsEachVersionsSchemaWhereSchemaLocationLooksForIt() throws IOException {
    CliRun.Result r = cli.run("contracts", "export", "--to", "schema-dir", "-o", "schemas", "crds");

    assertEquals(new CliRun.Result(0, "Wrote 6 schemas of 5 CRDs to schemas; use it with --schema-location schemas.\n",
        ""), r);
    assertEquals(List.of(
            "cert-manager.io/certificaterequest_v1.json",
            "gateway.networking.k8s.io/gatewayclass_v1.json",
            "gateway.networking.k8s.io/gatewayclass_v1beta1.json",
            "keda.sh/scaledobject_v1alpha1.json",
            "kustomize.toolkit.fluxcd.io/kustomization_v1.json",
            "serving.knative.dev/route_v1.json"),
        files(dir.resolve("schemas")));
    // Each file is its version's openAPIV3Schema, and a $comment that names where it came from.
    JsonNode written = JSON.readTree(dir.resolve("schemas/keda.sh/scaledobject_v1alpha1.json").toFile());
    ObjectNode expected = JSON.createObjectNode();
    expected.put("$comment", "Condition contracts of the CRDs of the files crds, written by condlint contracts"
        + " export. (CRD scaledobjects.keda.sh, version v1alpha1)");
    expected.setAll((ObjectNode) crd("keda.sh_scaledobjects.yaml").at("/spec/versions/0/schema/openAPIV3Schema"));
    // Compared as JSON text: the YAML reader and the JSON reader give numbers nodes of different classes.
    assertEquals(JSON.writeValueAsString(expected), JSON.writeValueAsString(written));
    assertEquals(List.of("$comment", "description", "properties", "required", "type"),
        names(written.fieldNames()));
  }

  @Test
  void theSchemaDirectoryGoesOnlyIntoANewOrEmptyDirectory() throws IOException {
    Files.writeString(Files.createDirectories(dir.resolve("schemas")).resolve("keep.txt"), "mine");

    CliRun.Result r = cli.run("contracts", "export", "--to", "schema-dir", "-o", "schemas", "crds");

    assertEquals(new CliRun.Result(2, "", "condlint: error: -o schemas: the directory is not empty; --to schema-dir"
        + " writes into a new or empty directory\n"), r);
    assertEquals(List.of("keep.txt"), files(dir.resolve("schemas")));
  }

  @Test
  void lintingWithTheExportedSchemaDirectoryFindsWhatLintingWithTheCrdsFinds() {
    assertEquals(0, cli.run("contracts", "export", "--to", "schema-dir", "-o", "schemas", "crds").exit());

    assertEquals(WITH_CRDS, findings("--crds", "crds"));
    assertEquals(WITH_CRDS, findings("--schema-location", "schemas"));
  }

  @Test
  void lintingWithTheExportedConfigFindsWhatLintingWithTheCrdsFinds() {
    assertEquals(0, cli.run("contracts", "export", "--to", "config", "-o", "contracts.yaml", "crds").exit());

    // Route v1's lastTransitionTime, a plain string in its CRD, is one in the file's constraints too; the
    // header's placeholders (GatewayClass) change no finding on these objects.
    assertEquals(WITH_CRDS, findings("-c", "contracts.yaml"));
  }

  @Test
  void aClustersCrdsExportAsTheFilesDoAndTheHeaderNamesTheContextAndServer() throws IOException {
    List<JsonNode> crds = new ArrayList<>();
    for (String f : CRD_FILES) {
      crds.addAll(AuditRun.objectsOf("contracts/crds/" + f));
    }
    server.load(crds);
    Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), server.kubeconfig("mock", "default"));

    CliRun.Result config = cli.run("contracts", "export", "--to", "config", "--kubeconfig", kubeconfig.toString());
    CliRun.Result schemas = cli.run("contracts", "export", "--to", "schema-dir", "-o", "schemas",
        "--kubeconfig", kubeconfig.toString());

    assertEquals(new CliRun.Result(0, "# Condition contracts of the CRDs of the cluster context \"mock\" at"
        + " https://mock, written by condlint contracts export.\n" + CONFIG_BODY, ""), mock(config));
    assertEquals(0, schemas.exit());
    assertEquals(6, files(dir.resolve("schemas")).size());
    assertEquals(WITH_CRDS, findings("--schema-location", "schemas"));
  }

  @Test
  void aClusterThatForbidsListingCrdsIsOneErrorAndNoOutput() {
    server.forbid("customresourcedefinitions.apiextensions.k8s.io");

    CliRun.Result r = mock(exportFromServer());

    assertEquals(new CliRun.Result(2, "", "condlint: error: cannot list customresourcedefinitions.apiextensions.k8s.io"
        + " at https://mock: HTTP 403 Forbidden: customresourcedefinitions.apiextensions.k8s.io is forbidden: User"
        + " \"test\" cannot list resource\n"), r);
  }

  @Test
  void aClusterThatRefusesUsIsOneError() {
    server.refuseEverything(401, "Unauthorized", "Unauthorized");

    CliRun.Result r = mock(exportFromServer());

    assertEquals(new CliRun.Result(2, "", "condlint: error: cannot list customresourcedefinitions.apiextensions.k8s.io"
        + " at https://mock: HTTP 401 Unauthorized: Unauthorized\n"), r);
  }

  @Test
  void aClusterNobodyAnswersAtIsOneErrorAfterTheRetries() throws IOException {
    int port;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    String closed = "https://127.0.0.1:" + port;
    Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"),
        server.kubeconfig("mock", "default").replace(server.url().replaceAll("/$", ""), closed));

    CliRun.Result r = cli.run("contracts", "export", "--to", "config", "--kubeconfig", kubeconfig.toString());

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(1, r.err().lines().count(), r.err());
    assertEquals(true, r.err().startsWith("condlint: error: cannot list customresourcedefinitions.apiextensions.k8s.io"
        + " at " + closed + ": cannot reach the API server at " + closed + ": "), r.err());
    assertEquals(true, r.err().endsWith(" (after 6 attempts)\n"), r.err());
  }

  @Test
  void aContextTheKubeconfigLacksIsOneError() throws IOException {
    Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), server.kubeconfig("mock", "default"));

    CliRun.Result r = cli.run("contracts", "export", "--to", "config", "--kubeconfig", kubeconfig.toString(),
        "--context", "prod");

    assertEquals(new CliRun.Result(2, "", "condlint: error: --context: no context 'prod' in the kubeconfig"
        + " (contexts: mock)\n"), r);
  }

  @Test
  void aFileThatIsNoYamlIsOneErrorAtItsLineAndColumn() throws IOException {
    Files.writeString(dir.resolve("crds/broken.yaml"), "apiVersion: v1\nkind: [\n");

    CliRun.Result r = cli.run("contracts", "export", "--to", "config", "crds");

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(1, r.err().lines().count(), r.err());
    assertEquals(true, r.err().startsWith("crds/broken.yaml:3:1: "), r.err());
  }

  @Test
  void filesWithoutACrdAreAnError() {
    CliRun.Result r = cli.run("contracts", "export", "--to", "config", "objects.yaml");

    assertEquals(new CliRun.Result(2, "", "condlint: error: no CustomResourceDefinition in objects.yaml\n"), r);
  }

  @Test
  void flagsThatMakeNoSenseAreUsageErrors() {
    assertEquals("--to: 'config' or 'schema-dir', not 'json'",
        cli.run("contracts", "export", "--to", "json", "crds").err().lines().findFirst().orElseThrow());
    assertEquals("--to schema-dir: name the directory to write with -o DIR",
        cli.run("contracts", "export", "--to", "schema-dir", "crds").err().lines().findFirst().orElseThrow());
    assertEquals("--kubeconfig and --context read a cluster's CRDs, PATH and --crds read files: give one or the other",
        cli.run("contracts", "export", "--to", "config", "--context", "x", "crds").err().lines().findFirst()
            .orElseThrow());
    assertEquals(2, cli.run("contracts", "export", "--to", "config", "--now=yesterday", "crds").exit());
  }

  private CliRun.Result exportFromServer() {
    try {
      server.load(AuditRun.objectsOf("contracts/crds/" + CRD_FILES.get(0)));
      Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), server.kubeconfig("mock", "default"));
      return cli.run("contracts", "export", "--to", "config", "--kubeconfig", kubeconfig.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The result with the server's URL, which changes from run to run, as {@code https://mock}. */
  private CliRun.Result mock(CliRun.Result r) {
    String url = server.url().replaceAll("/$", "");
    return new CliRun.Result(r.exit(), r.out().replace(url, "https://mock"), r.err().replace(url, "https://mock"));
  }

  /**
   * Copies a case of contracts/cases/ into the run's directory: its CRDs as {@code crdFile}, its objects
   * as objects.yaml, as written (the {@code # want} markers are comments to lint).
   */
  private CaseFile useCase(String name, String crdFile) throws IOException {
    Files.copy(Golden.resource("contracts/cases/" + name + ".crd.yaml"), dir.resolve(crdFile));
    Files.copy(Golden.resource("contracts/cases/" + name + ".yaml"), dir.resolve("objects.yaml"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return CaseFile.read("contracts/cases/" + name + ".yaml");
  }

  /** Lint objects.yaml with these flags finds exactly what the case's markers expect, each message with its fragment. */
  private void assertMarked(CaseFile expected, String... flags) {
    List<JsonNode> found = lint(flags);
    assertEquals(expected.expectedAsWritten(), found.stream().map(ContractsExportTest::described).toList(),
        "lint " + String.join(" ", flags));
    List<String> fragments = expected.fragmentsAsWritten();
    for (int i = 0; i < found.size(); i++) {
      String message = found.get(i).path("message").asText();
      assertEquals(true, message.contains(fragments.get(i)), message + " does not contain " + fragments.get(i));
    }
  }

  /** The findings of lint objects.yaml with these flags: rule, severity, pointer, line:column. */
  private List<String> findings(String... flags) {
    return lint(flags).stream().map(ContractsExportTest::described).toList();
  }

  private static String described(JsonNode f) {
    return f.path("rule").asText() + " " + f.path("severity").asText() + " " + f.path("pointer").asText() + " "
        + f.path("line").asInt() + ":" + f.path("column").asInt();
  }

  /** The findings of lint objects.yaml with these flags, as lint --format json writes them. */
  private List<JsonNode> lint(String... flags) {
    List<String> args = new ArrayList<>(List.of("lint", "--format", "json"));
    args.addAll(List.of(flags));
    args.add("objects.yaml");
    CliRun.Result r = cli.run(args.toArray(String[]::new));
    assertEquals(true, r.exit() == 0 || r.exit() == 1, "lint " + args + " exited " + r.exit() + ": " + r.err());
    try {
      List<JsonNode> out = new ArrayList<>();
      JSON.readTree(r.out()).path("findings").forEach(out::add);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(r.err(), e);
    }
  }

  private static JsonNode crd(String file) {
    return AuditRun.objectsOf("contracts/crds/" + file).get(0);
  }

  private static List<String> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/')).sorted()
          .toList();
    }
  }

  private static List<String> names(java.util.Iterator<String> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }
}
