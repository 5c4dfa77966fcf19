package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A repository's other YAML (an Ansible playbook, a Helm values file, a CI workflow) is no input
 * error: what has no apiVersion and kind is no Kubernetes object, and is skipped and counted (issue
 * 17, item 10), so that the pre-commit hook passes on every YAML file of a commit.
 */
class NonKubernetesYamlTest {
  private static final String PLAYBOOK = """
      - name: Configure web servers
        hosts: web
        tasks:
          - name: Install nginx
            apt: {name: nginx, state: present}
      """;

  @TempDir Path dir;

  @Test
  void anAnsiblePlaybookBesideAManifestIsSkippedAndCounted() throws IOException {
    Files.writeString(dir.resolve("playbook.yml"), PLAYBOOK);
    Files.writeString(dir.resolve("values.yaml"), "replicaCount: 2\nimage: {repository: nginx, tag: stable}\n");
    Files.writeString(dir.resolve("w.yaml"), CliRun.DUPLICATE_NAME);

    CliRun.Result r = CliRun.in(dir).run("lint", "playbook.yml", "values.yaml", "w.yaml");

    assertEquals("""
        w.yaml: profile k8s (1 object)
        w.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only this later value is kept.
            hint: Remove one of the two 'name' entries.
        Checked 3 files (1 object, 2 documents skipped): 1 error, 0 warnings, 0 infos.
        """, r.out());
    assertEquals("", r.err());
    assertEquals(1, r.exit());
  }

  @Test
  void aCommitOfOnlyOtherYamlPassesThePreCommitHook() throws IOException {
    Files.writeString(dir.resolve("playbook.yml"), PLAYBOOK);
    Files.writeString(dir.resolve("notes.yaml"), "just text\n---\n- a\n- b\n---\n42\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "playbook.yml", "notes.yaml");

    assertEquals("Checked 2 files (0 objects, 4 documents skipped): 0 errors, 0 warnings, 0 infos.\n", r.out());
    assertEquals(0, r.exit());
  }

  @Test
  void onlyWhatHasBothAnApiVersionAndAKindIsAnObjectInEveryFormat() throws IOException {
    Files.writeString(dir.resolve("objects.yaml"), """
        kind: Widget
        metadata: {name: no-api-version}
        ---
        apiVersion: example.com/v1
        metadata: {name: no-kind}
        ---
        apiVersion: example.com/v1
        kind: ""
        ---
        apiVersion: v1
        kind: List
        items:
        - {apiVersion: example.com/v1, kind: Widget, metadata: {name: a}}
        - {kind: Widget, metadata: {name: b}}
        - plain text
        """);
    Files.writeString(dir.resolve("stream.json"), "{\"kind\": \"Widget\"}\n{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\"}\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "json", "objects.yaml", "stream.json");

    assertEquals(0, r.exit(), r.out());
    assertEquals(
        """
        {
          "findings" : [ ],
          "errors" : [ ],
          "summary" : {
            "files" : 2,
            "documents" : 2,
            "skipped" : 6,
            "errors" : 0,
            "warnings" : 0,
            "infos" : 0,
            "inputErrors" : 0
          }
        }
        """,
        r.out());
  }

  /** explain and status read their files as lint does: what is no object is passed over, not an error. */
  @Test
  void explainAndStatusPassOverWhatIsNoObjectAsLintDoes() throws IOException {
    Files.writeString(dir.resolve("playbook.yml"), PLAYBOOK);
    Files.writeString(dir.resolve("w.yaml"), """
        kind: Widget
        metadata: {name: a}
        status:
          conditions:
          - {type: Ready, status: "True"}
        apiVersion: example.com/v1
        """);

    CliRun.Result explain = CliRun.in(dir).run("explain", "playbook.yml");
    CliRun.Result status = CliRun.in(dir).run("status", "playbook.yml", "w.yaml");

    assertEquals("playbook.yml: no objects (1 document without apiVersion and kind skipped)\n", explain.out());
    assertEquals("", explain.err());
    assertEquals(0, explain.exit());
    assertEquals("w.yaml:1: Widget/a  Current  Resource is Ready\n", status.out());
    assertEquals("", status.err());
    assertEquals(0, status.exit());
  }
}
