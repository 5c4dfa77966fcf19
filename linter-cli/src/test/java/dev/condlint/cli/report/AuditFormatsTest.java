package dev.condlint.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.meta.DuplicateKey;
import dev.condlint.rules.catalogue.meta.UnusedSuppression;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each output format over one audit's report, compared exactly with its golden file: two objects with
 * findings written by three field managers, a kind without findings, a resource that could not be
 * read. The findings are made here, so that the formats are tested apart from the rules.
 */
class AuditFormatsTest {
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
  private static final RuleRegistry RULES = new RuleRegistry(List.of(new DuplicateKey(), new UnusedSuppression()));

  private static final ObjectRef APPS = new ObjectRef("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "apps");
  private static final ObjectRef NODE = new ObjectRef("v1", "Node", "", "worker-1");

  private static LintReport report() {
    Finding reason = new Finding("suppression-unused", Severity.ERROR, "The reason is not one word.", "Use Progressing.",
        "/status/conditions/0/reason", APPS, Optional.empty());
    Finding ignore = new Finding("suppression-unused", Severity.INFO, "condlint.dev/ignore names no finding.", "",
        "/metadata/annotations/condlint.dev~1ignore", APPS, Optional.empty());
    Finding ready = new Finding("duplicate-key", Severity.WARNING, "Ready is True while the node is cordoned.", "",
        "/status/conditions/3", NODE, Optional.empty());
    LiveObject apps = new LiveObject(APPS, "6f1c0a52-1111-4c1e-9c55-0a0000000001", "4711", Map.of(
        reason.pointer(), "kustomize-controller", ignore.pointer(), "kubectl-client-side-apply"));
    LiveObject node = new LiveObject(NODE, "6f1c0a52-2222-4c1e-9c55-0a0000000002", "815", Map.of(ready.pointer(), "kubelet"));
    return new LintReport(List.of(
        FileReport.live(node, "k8s", List.of(ready)),
        FileReport.live(apps, "flux", List.of(reason, ignore)),
        FileReport.unread("gadgets.example.com",
            "HTTP 403 Forbidden: gadgets.example.com is forbidden (the list broke off after 2 objects)")),
        Optional.of(new ClusterSummary("https://10.0.0.1:6443", List.of(
            new ClusterSummary.Listed("core/Node", 3),
            new ClusterSummary.Listed("apps/Deployment", 12),
            new ClusterSummary.Listed("kustomize.toolkit.fluxcd.io/Kustomization", 2),
            new ClusterSummary.Listed("example.com/Gadget", 2)))));
  }

  @ParameterizedTest
  @ValueSource(strings = {"text", "json", "sarif", "junit", "github"})
  void rendersAnAuditExactly(String format) throws IOException {
    ReportSettings settings = new ReportSettings(RULES, "0.1.0-test", "https://condlint.dev", Optional.of(Severity.ERROR),
        new ArtifactPaths(Path.of("."), Path.of(".")), TextFormat.Detail.FULL);
    StringWriter out = new StringWriter();
    Format.valueOf(format.toUpperCase(java.util.Locale.ROOT)).create(settings).write(report(), out);

    Path golden = GOLDEN.resolve("audit." + format);
    if (Boolean.getBoolean("condlint.updateExpected")) {
      Files.writeString(golden, out.toString(), StandardCharsets.UTF_8);
      return;
    }
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), out.toString(), "output differs from " + golden);
  }

  @ParameterizedTest
  @ValueSource(strings = {"COUNTS", "FINDINGS"})
  void summaryAndQuietShapeTheTextAsForFiles(String detail) throws IOException {
    ReportSettings settings = new ReportSettings(RULES, "0.1.0-test", "https://condlint.dev", Optional.of(Severity.ERROR),
        new ArtifactPaths(Path.of("."), Path.of(".")), TextFormat.Detail.valueOf(detail));
    StringWriter out = new StringWriter();
    Format.TEXT.create(settings).write(report(), out);

    Path golden = GOLDEN.resolve("audit.text." + detail.toLowerCase(java.util.Locale.ROOT));
    if (Boolean.getBoolean("condlint.updateExpected")) {
      Files.writeString(golden, out.toString(), StandardCharsets.UTF_8);
      return;
    }
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), out.toString(), "output differs from " + golden);
  }
}
