package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.yaml.ParsedDocument;
import dev.condlint.yaml.YamlReader;
import io.fabric8.kubernetes.api.Pluralize;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/audit, rendered with {@code kubectl kustomize} (skipped when kubectl is not on the PATH): the
 * audit's service account may only list, and only resources that have a status, those of condlint's
 * contract catalogue among them; its CronJob runs without privileges and its command line audits.
 */
class AuditManifestsTest {
  private static final Path DEPLOY = Path.of("..", "deploy", "audit");
  private static final String CATALOGUE = "dev/condlint/rules/contract/catalogue/";

  private static List<JsonNode> objects;

  @TempDir Path dir;

  @BeforeAll
  static void render() throws IOException, InterruptedException {
    assumeTrue(onPath("kubectl"), "kubectl is not on the PATH; skipping the rendering of deploy/audit");
    Process p = new ProcessBuilder("kubectl", "kustomize", DEPLOY.toString())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "kubectl kustomize did not finish");
    assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    var parsed = new YamlReader().read("deploy/audit", out);
    assertEquals(List.of(), parsed.problems());
    objects = parsed.documents().stream().map(ParsedDocument::root).toList();
  }

  private static boolean onPath(String command) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String d : path.split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(d, command))) {
        return true;
      }
    }
    return false;
  }

  private static JsonNode only(String kind, String name) {
    List<JsonNode> found = objects.stream()
        .filter(o -> o.path("kind").asText().equals(kind) && o.path("metadata").path("name").asText().equals(name))
        .toList();
    assertEquals(1, found.size(), kind + "/" + name);
    return found.get(0);
  }

  /** The ClusterRoles the audit's role aggregates. */
  private static List<JsonNode> aggregated() {
    JsonNode selector = only("ClusterRole", "condlint-audit").path("aggregationRule").path("clusterRoleSelectors");
    assertEquals("[{\"matchLabels\":{\"condlint.dev/aggregate-to-audit\":\"true\"}}]", selector.toString());
    return objects.stream().filter(o -> o.path("kind").asText().equals("ClusterRole"))
        .filter(o -> o.path("metadata").path("labels").path("condlint.dev/aggregate-to-audit").asText().equals("true"))
        .toList();
  }

  /** {@code group/resource} for every resource the aggregated roles grant. */
  private static Set<String> granted() {
    Set<String> out = new HashSet<>();
    for (JsonNode role : aggregated()) {
      for (JsonNode rule : role.path("rules")) {
        rule.path("apiGroups").forEach(g -> rule.path("resources").forEach(r -> out.add(g.asText() + "/" + r.asText())));
      }
    }
    return out;
  }

  @Test
  void theAuditMayOnlyListAndNeverASecretOrConfigMap() {
    List<JsonNode> roles = aggregated();
    assertEquals(List.of("condlint-audit-builtin", "condlint-audit-custom-resources"),
        roles.stream().map(r -> r.path("metadata").path("name").asText()).sorted().toList());
    for (JsonNode role : roles) {
      for (JsonNode rule : role.path("rules")) {
        String name = role.path("metadata").path("name").asText() + " " + rule;
        assertEquals("[\"list\"]", rule.path("verbs").toString(), name);
        assertFalse(rule.has("nonResourceURLs") || rule.has("resourceNames"), name);
        rule.path("apiGroups").forEach(g -> assertFalse(g.asText().contains("*"), name));
        rule.path("resources").forEach(r -> assertFalse(r.asText().contains("*") || r.asText().contains("/"), name));
      }
    }
    Set<String> granted = granted();
    for (String never : List.of("/secrets", "/configmaps", "/serviceaccounts", "/events", "rbac.authorization.k8s.io/roles")) {
      assertFalse(granted.contains(never), never);
    }
    JsonNode binding = only("ClusterRoleBinding", "condlint-audit");
    assertEquals("condlint-audit", binding.path("roleRef").path("name").asText());
    assertEquals("[{\"kind\":\"ServiceAccount\",\"name\":\"condlint-audit\",\"namespace\":\"condlint\"}]",
        binding.path("subjects").toString());
  }

  /**
   * Every kind of the contract catalogue (but those of groups it names by a pattern) may be listed:
   * its resource, the kind in lower case and in the plural (with fabric8's plural, or an s added).
   */
  @Test
  void everyKindOfTheContractCatalogueMayBeListed() throws IOException {
    Set<String> granted = granted();
    Set<String> missing = new TreeSet<>();
    int kinds = 0;
    ObjectMapper json = new ObjectMapper();
    // The plural a kind's own CRD gives (the bundled CRD index's names), where English rules do not
    // find it (numaflow's Vertex: vertices).
    JsonNode names;
    try (InputStream in = AuditManifestsTest.class.getClassLoader()
        .getResourceAsStream("dev/condlint/rules/schema/crd-index/names.json")) {
      names = json.readTree(in).path("groups");
    }
    for (JsonNode file : json.readTree(resource("index.json")).path("entries")) {
      for (JsonNode entry : json.readTree(resource(file.asText())).path("entries")) {
        String group = entry.path("group").asText();
        if (group.contains("*")) {
          continue;
        }
        for (JsonNode kind : entry.path("kinds")) {
          String lower = kind.asText().toLowerCase(Locale.ROOT);
          kinds++;
          String plural = names.path(group).path(lower).path("plural").asText(Pluralize.toPlural(lower));
          if (!granted.contains(group + "/" + plural) && !granted.contains(group + "/" + Pluralize.toPlural(lower))
              && !granted.contains(group + "/" + lower + "s")) {
            missing.add(group + "/" + kind.asText());
          }
        }
      }
    }
    assertEquals(Set.of(), missing);
    // Guards against a catalogue read as empty, which would check nothing.
    assertTrue(kinds > 200, "kinds: " + kinds);
  }

  private static InputStream resource(String name) {
    return AuditManifestsTest.class.getClassLoader().getResourceAsStream(CATALOGUE + name);
  }

  @Test
  void theCronJobRunsWithoutPrivilegesAndKeepsItsReport() {
    JsonNode job = only("CronJob", "condlint-audit").path("spec").path("jobTemplate").path("spec");
    JsonNode pod = job.path("template").path("spec");
    assertEquals("condlint-audit", pod.path("serviceAccountName").asText());
    assertTrue(pod.path("securityContext").path("runAsNonRoot").asBoolean());
    JsonNode container = pod.path("containers").get(0);
    JsonNode security = container.path("securityContext");
    assertTrue(security.path("readOnlyRootFilesystem").asBoolean());
    assertFalse(security.path("allowPrivilegeEscalation").asBoolean(true));
    assertEquals("[\"ALL\"]", security.path("capabilities").path("drop").toString());
    assertEquals("condlint-audit-reports", pod.path("volumes").get(0).path("persistentVolumeClaim").path("claimName")
        .asText());
    assertEquals("/reports", container.path("volumeMounts").get(0).path("mountPath").asText());
  }

  /** The script's audit command line, run against the test API server, writes its report. */
  @Test
  void theCronJobsCommandLineAuditsAndWritesItsReport() throws Exception {
    String script = only("CronJob", "condlint-audit").path("spec").path("jobTemplate").path("spec").path("template")
        .path("spec").path("containers").get(0).path("args").get(0).asText();
    Process sh = new ProcessBuilder("sh", "-n", "-c", script).redirectErrorStream(true).start();
    assertTrue(sh.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, sh.exitValue(), new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    String joined = script.replace("\\\n", " ");
    String command = joined.lines().filter(l -> l.contains("dev.condlint.cli.Main")).findFirst().orElseThrow();
    List<String> args = new ArrayList<>(List.of(command.substring(command.indexOf("dev.condlint.cli.Main")
        + "dev.condlint.cli.Main".length()).trim().split("\\s+")));
    assertEquals("audit", args.remove(0));
    assertEquals("\"/reports/$report\"", args.get(args.size() - 1));
    args.set(args.size() - 1, dir.resolve("report.json").toString());

    try (TestApiServer server = new TestApiServer()) {
      server.load(AuditRun.objectsOf("audit/cluster.yaml"));
      CliRun.Result r = new AuditRun(server, dir, CliRun.withBuiltInRules(dir)).run(args.toArray(String[]::new));

      assertEquals(0, r.exit(), r.err());
      JsonNode report = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
      assertEquals(3, report.path("findings").size());
      assertEquals(5, report.path("summary").path("objects").asInt());
    }
  }
}
