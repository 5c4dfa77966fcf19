package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Custom resources checked against CRDs among the inputs, in --crds folders, or required with --require-crds. */
class CrdInputsTest {
  private static final String CRD =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: databases.example.com}
      spec:
        group: example.com
        names: {kind: Database, plural: databases}
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
                  properties:
                    replicas: {type: integer}
      """;

  private static final String SAMPLE =
      """
      apiVersion: example.com/v1
      kind: Database
      metadata: {name: orders}
      spec:
        replicas: three
      """;

  @TempDir Path dir;

  private CliRun.Result lint(String... args) {
    String[] full = new String[args.length + 3];
    full[0] = "lint";
    full[1] = "--enable";
    full[2] = "sample-schema";
    System.arraycopy(args, 0, full, 3, args.length);
    return CliRun.withBuiltInRules(dir).run(full);
  }

  private void write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  @Test
  void aSampleIsCheckedAgainstACrdInAnotherInputFile() throws IOException {
    write("crds/db.yaml", CRD);
    write("samples/db.yaml", SAMPLE);
    CliRun.Result r = lint("--disable", "crd-status-subresource", "crds", "samples");
    assertEquals(
        "samples/db.yaml:5:13: error sample-schema: spec.replicas: string found, integer expected"
            + " (CRD databases.example.com, version example.com/v1)",
        r.out().lines().filter(l -> l.contains("sample-schema")).findFirst().orElse(""));
    assertEquals(1, r.exit());
  }

  @Test
  void aSampleIsCheckedAgainstACrdInALaterFileOnSeveralThreads() throws IOException {
    write("a/db.yaml", SAMPLE);
    write("b/crd.yaml", CRD);
    CliRun.Result r = lint("--jobs", "2", "--disable", "crd-status-subresource", "a", "b");
    assertEquals(
        "a/db.yaml:5:13: error sample-schema: spec.replicas: string found, integer expected"
            + " (CRD databases.example.com, version example.com/v1)",
        r.out().lines().filter(l -> l.contains("sample-schema")).findFirst().orElse(""));
  }

  @Test
  void aCrdAmongTheInputsWinsOverOneOfTheSameNameInACrdsFolder() throws IOException {
    write("lent/db.yaml", CRD.replace("replicas: {type: integer}", "replicas: {type: string}"));
    write("crds/db.yaml", CRD);
    write("samples/db.yaml", SAMPLE);
    CliRun.Result r = lint("--jobs", "2", "--disable", "crd-status-subresource", "--crds", "lent", "crds", "samples");
    assertEquals(
        "samples/db.yaml:5:13: error sample-schema: spec.replicas: string found, integer expected"
            + " (CRD databases.example.com, version example.com/v1)",
        r.out().lines().filter(l -> l.contains("sample-schema")).findFirst().orElse(""));
  }

  @Test
  void aCrdOnStandardInputChecksASampleFile() throws IOException {
    write("samples/db.yaml", SAMPLE);
    CliRun.Result r = CliRun.withBuiltInRules(dir).stdin(CRD)
        .run("lint", "--enable", "sample-schema", "--disable", "crd-status-subresource", "samples/db.yaml", "-");
    assertEquals(
        "samples/db.yaml:5:13: error sample-schema: spec.replicas: string found, integer expected"
            + " (CRD databases.example.com, version example.com/v1)",
        r.out().lines().filter(l -> l.contains("sample-schema")).findFirst().orElse(""));
  }

  @Test
  void crdsFromACrdsFolderLendTheirSchemaButNotTheirFindings() throws IOException {
    write("crds/db.yaml", CRD);
    write("samples/db.yaml", SAMPLE);
    CliRun.Result r = lint("--crds", "crds", "samples");
    assertEquals(1, r.out().lines().filter(l -> l.contains("sample-schema")).count(), r.out());
    assertEquals(0, r.out().lines().filter(l -> l.startsWith("crds/")).count(), r.out());
  }

  @Test
  void crdsCanBeGivenSeveralFolders() throws IOException {
    write("crds-a/db.yaml", CRD);
    write("crds-b/cache.yaml", CRD.replace("databases", "caches").replace("Database", "Cache"));
    write("samples/db.yaml", SAMPLE);
    write("samples/cache.yaml", SAMPLE.replace("Database", "Cache"));
    CliRun.Result r = lint("--require-crds", "--crds", "crds-a", "--crds", "crds-b", "samples");
    assertEquals(1, r.exit(), r.err());
    assertEquals(
        List.of(
            "samples/cache.yaml: profile k8s (1 object)",
            "samples/cache.yaml:5:13: error sample-schema: spec.replicas: string found, integer expected"
                + " (CRD caches.example.com, version example.com/v1)",
            "samples/db.yaml: profile k8s (1 object)",
            "samples/db.yaml:5:13: error sample-schema: spec.replicas: string found, integer expected"
                + " (CRD databases.example.com, version example.com/v1)"),
        r.out().lines().filter(l -> l.startsWith("samples/")).toList());
  }

  @Test
  void withoutTheCrdASampleIsNotCheckedUnlessCrdsAreRequired() throws IOException {
    write("samples/db.yaml", SAMPLE);
    assertEquals(0, lint("samples").exit());
    CliRun.Result required = lint("--require-crds", "--fail-on", "warning", "samples");
    assertEquals(
        "samples/db.yaml:1:1: warning sample-crd-missing: No CRD among the inputs defines Database in"
            + " example.com/v1, so this object was not checked against a schema.",
        required.out().lines().skip(1).findFirst().orElse(""));
    assertEquals(1, required.exit());
  }

  @Test
  void anUnreadableCrdsFolderIsAnInputError() {
    CliRun.Result r = lint("--crds", "no-such-folder", ".");
    assertEquals(2, r.exit());
  }
}
