package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A sample is judged by its CRD as kustomize installs it: k8ssandra/cass-operator generates
 * {@code spec.config} (a {@code json.RawMessage}) as {@code type: string, format: byte}, and its
 * config/crd/kustomization.yaml removes the field with a JSON 6902 patch
 * (config/crd/patches/config_removal.yaml@d5697290) so that the samples' mapping is kept; judged by the
 * file as written, every sample would get a false sample-schema error. The case here is the same shape.
 */
class KustomizedCrdsTest {
  @TempDir Path dir;

  private static final String CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.example.com
      spec:
        group: example.com
        names: {kind: Widget, plural: widgets}
        scope: Namespaced
        versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  x-kubernetes-preserve-unknown-fields: true
                  properties:
                    size: {type: integer}
                    config:
                      type: string
                      format: byte
                      x-kubernetes-preserve-unknown-fields: true
      """;

  private static final String SAMPLE = """
      apiVersion: example.com/v1
      kind: Widget
      metadata:
        name: w
      spec:
        size: 3
        config:
          cassandra-yaml:
            num_tokens: 16
      """;

  private static final String REMOVAL = """
      - op: remove
        path: /spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/config
      """;

  private static final String CONFIG_ERROR = "config/samples/widget.yaml:7:3: error sample-schema: spec.config: object found,"
      + " string expected (CRD widgets.example.com, version example.com/v1)\n";

  private void write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private String lint(String... args) {
    return CliRun.withBuiltInRules(dir).run(args).out().lines()
        .filter(l -> l.contains("sample-schema")).map(l -> l + "\n").reduce("", String::concat);
  }

  private void project(String kustomization) throws IOException {
    write(".git/HEAD", "ref: refs/heads/main\n");
    write("config/crd/bases/example.com_widgets.yaml", CRD);
    write("config/crd/patches/config_removal.yaml", REMOVAL);
    write("config/samples/widget.yaml", SAMPLE);
    if (!kustomization.isEmpty()) {
      write("config/crd/kustomization.yaml", kustomization);
    }
  }

  private static final String KUSTOMIZATION = """
      resources:
      - bases/example.com_widgets.yaml
      patches:
      - path: patches/config_removal.yaml
        target:
          group: apiextensions.k8s.io
          version: v1
          kind: CustomResourceDefinition
          name: widgets.example.com
      """;

  @Test
  void withoutAKustomizationTheCrdAsWrittenJudges() throws IOException {
    project("");
    assertEquals(CONFIG_ERROR, lint("lint", "config"));
  }

  @Test
  void theKustomizationsJson6902PatchIsAppliedBeforeTheSampleIsJudged() throws IOException {
    project(KUSTOMIZATION);
    assertEquals("", lint("lint", "config"));
    // The same CRD given with --crds, and found by discovery for a sample linted alone.
    assertEquals("", lint("lint", "--crds", "config/crd/bases/", "config/samples/"));
    assertEquals("", lint("lint", "config/samples/widget.yaml"));
  }

  @Test
  void contractsExportWritesTheSchemaAsInstalled() throws IOException {
    project(KUSTOMIZATION);
    assertEquals(0, CliRun.withBuiltInRules(dir).run("contracts", "export", "--to", "schema-dir", "-o", "schemas",
        "config/crd/bases").exit());
    String schema = Files.readString(dir.resolve("schemas/example.com/widget_v1.json"));
    assertEquals(List.of(true, false), List.of(schema.contains("\"size\""), schema.contains("\"config\"")));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // inline, with a regular expression for the name, as kustomize's selectors take it
      "resources: [bases/example.com_widgets.yaml]\npatches:\n- target: {kind: CustomResourceDefinition, name: widgets\\..*}\n"
          + "  patch: |-\n    - op: remove\n      path: /spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/config\n",
      // the older field, and the bases folder listed as a resource
      "resources: [bases]\npatchesJson6902:\n- target: {group: apiextensions.k8s.io, version: v1, kind: CustomResourceDefinition,"
          + " name: widgets.example.com}\n  path: patches/config_removal.yaml\n"})
  void inlinePatchesAndTheOlderFieldApplyToo(String kustomization) throws IOException {
    project(kustomization);
    assertEquals("", lint("lint", "config"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // a patch whose target is another CRD
      "resources: [bases/example.com_widgets.yaml]\npatches:\n- path: patches/config_removal.yaml\n"
          + "  target: {kind: CustomResourceDefinition, name: gadgets.example.com}\n",
      // a kustomization that does not list the CRD
      "resources: [bases/example.com_gadgets.yaml]\npatches:\n- path: patches/config_removal.yaml\n"
          + "  target: {kind: CustomResourceDefinition}\n",
      // a strategic-merge patch (no target): not applied
      "resources: [bases/example.com_widgets.yaml]\npatches:\n- path: patches/config_removal.yaml\n",
      // a patch that does not apply: kustomize would stop, so the CRD stays as written
      "resources: [bases/example.com_widgets.yaml]\npatches:\n- target: {kind: CustomResourceDefinition}\n"
          + "  patch: |-\n    - op: remove\n      path: /spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/absent\n"
          + "- path: patches/config_removal.yaml\n  target: {kind: CustomResourceDefinition}\n"})
  void aPatchThatDoesNotSelectOrApplyToTheCrdLeavesItAsWritten(String kustomization) throws IOException {
    project(kustomization);
    assertEquals(CONFIG_ERROR, lint("lint", "config"));
  }
}
