package dev.condlint.cli;

import static dev.condlint.rules.testing.CrdFixtures.crdOfVersions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Custom resources checked against CRDs among the inputs, in --crds folders, or required with --require-crds. */
class CrdInputsTest {
  private static final String CRD = crdOfVersions("Database", "example.com", """
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
      """);

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
    return CliRun.withBuiltInRules(dir).run(List.of("lint", "--enable", "sample-schema"), args);
  }

  /** The finding on SAMPLE's replicas, in this file, against the CRD of this plural (databases). */
  private static String replicasFinding(String file, String plural) {
    return file + ":5:13: error sample-schema: spec.replicas: string found, integer expected"
        + " (CRD " + plural + ".example.com, version example.com/v1)";
  }

  /** The first sample-schema finding of a run. */
  private static String sampleSchemaFinding(CliRun.Result r) {
    return r.out().lines().filter(l -> l.contains("sample-schema")).findFirst().orElse("");
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
    assertEquals(replicasFinding("samples/db.yaml", "databases"), sampleSchemaFinding(r));
    assertEquals(1, r.exit());
  }

  @Test
  void aSampleIsCheckedAgainstACrdInALaterFileOnSeveralThreads() throws IOException {
    write("a/db.yaml", SAMPLE);
    write("b/crd.yaml", CRD);
    CliRun.Result r = lint("--jobs", "2", "--disable", "crd-status-subresource", "a", "b");
    assertEquals(replicasFinding("a/db.yaml", "databases"), sampleSchemaFinding(r));
  }

  @Test
  void aCrdAmongTheInputsWinsOverOneOfTheSameNameInACrdsFolder() throws IOException {
    write("lent/db.yaml", CRD.replace("replicas: {type: integer}", "replicas: {type: string}"));
    write("crds/db.yaml", CRD);
    write("samples/db.yaml", SAMPLE);
    CliRun.Result r = lint("--jobs", "2", "--disable", "crd-status-subresource", "--crds", "lent", "crds", "samples");
    assertEquals(replicasFinding("samples/db.yaml", "databases"), sampleSchemaFinding(r));
  }

  @Test
  void aCrdOnStandardInputChecksASampleFile() throws IOException {
    write("samples/db.yaml", SAMPLE);
    CliRun.Result r = CliRun.withBuiltInRules(dir).stdin(CRD)
        .run("lint", "--enable", "sample-schema", "--disable", "crd-status-subresource", "samples/db.yaml", "-");
    assertEquals(replicasFinding("samples/db.yaml", "databases"), sampleSchemaFinding(r));
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
            replicasFinding("samples/cache.yaml", "caches"),
            "samples/db.yaml: profile k8s (1 object)",
            replicasFinding("samples/db.yaml", "databases")),
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
