package dev.condlint.cli.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.rules.catalogue.Ruleset;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

class ReviewCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  record Run(int exit, String out, String err) {
    JsonNode json() throws Exception {
      return JSON.readTree(out);
    }
  }

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new ReviewCommand(Ruleset.builtIn()));
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private static final String WIDGET = """
      {"apiVersion": "example.com/v1", "kind": "Widget",
       "metadata": {"name": "w1", "namespace": "default", "generation": 2,
         "annotations": {"condlint.dev/ignore": "not-a-rule"}},
       "status": {"observedGeneration": 2, "conditions": [{"type": "Ready", "status": "True", "reason": "Ok",
         "message": "All good", "lastTransitionTime": "2024-05-01T08:00:00Z", "observedGeneration": 2}]}}
      """;

  @Test
  void answersAJsonReviewLikeTheWebhook(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("review.json"), """
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "request": {"uid": "u-1", "kind": {"group": "example.com", "version": "v1", "kind": "Widget"},
           "subResource": "status", "operation": "UPDATE", "object": %s, "oldObject": %s}}
        """.formatted(WIDGET, WIDGET));
    Run run = run("--now", "2024-06-01T00:00:00Z", file.toString());
    assertEquals(0, run.exit(), run.err());
    JsonNode response = run.json();
    assertEquals("admission.k8s.io/v1", response.path("apiVersion").asText());
    assertEquals("u-1", response.path("response").path("uid").asText());
    assertTrue(response.path("response").path("allowed").asBoolean());
    assertEquals(1, response.path("response").path("warnings").size(), run.out());
    assertTrue(response.path("response").path("warnings").get(0).asText()
        .contains("suppression-unused at metadata.annotations[condlint.dev/ignore]"), run.out());
  }

  @Test
  void auditModeReturnsNoWarnings(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("review.json"), """
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "request": {"uid": "u-2", "operation": "CREATE", "object": %s}}
        """.formatted(WIDGET));
    Run run = run("--mode", "audit", file.toString());
    assertEquals(0, run.exit(), run.err());
    assertEquals(JSON.readTree("{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\","
        + " \"response\": {\"uid\": \"u-2\", \"allowed\": true}}"), run.json());
  }

  @Test
  void answersAYamlV1beta1ReviewInKind(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("update.yaml"), """
        kind: AdmissionReview
        apiVersion: admission.k8s.io/v1beta1
        request:
          operation: "UPDATE"
          object:
            apiVersion: v1
            kind: Pod
            metadata:
              name: test-pod1
        """);
    Run run = run(file.toString());
    assertEquals(0, run.exit(), run.err());
    assertEquals(JSON.readTree("{\"apiVersion\": \"admission.k8s.io/v1beta1\", \"kind\": \"AdmissionReview\","
        + " \"response\": {\"uid\": \"\", \"allowed\": true}}"), run.json());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"uid\": \"u\", \"operation\": \"CREATE\", \"object\": {}}| the body is a bare AdmissionRequest; wrap it as"
          + " {\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\", \"request\": {...}}",
      "{\"apiVersion\": \"admission.k8s.io/v1\", \"kind\": \"AdmissionReview\"}| the AdmissionReview has no 'request' object",
  })
  void whatIsNotAReviewIsRefusedWithWhy(String body, String why, @TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("review.json"), body);
    Run run = run(file.toString());
    assertEquals(2, run.exit());
    assertEquals("", run.out());
    assertEquals("condlint review: " + why + "\n", run.err());
  }

  @Test
  void badYamlIsReportedWithItsPosition(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("review.yaml"), "request: [\n");
    Run run = run(file.toString());
    assertEquals(2, run.exit());
    assertTrue(run.err().startsWith("condlint review: " + file + ":"), run.err());
  }

  @Test
  void aMissingFileIsNamedWithWhy(@TempDir Path dir) {
    Path missing = dir.resolve("missing.json");
    Run run = run(missing.toString());
    assertEquals(new Run(2, "", "condlint review: " + missing + ": no such file or directory\n"), run);
  }

  @Test
  void aBinaryFileIsRefusedWhereTheBadByteIs(@TempDir Path dir) throws Exception {
    Path file = Files.write(dir.resolve("review.json"), new byte[] {'{', '\n', ' ', 0, '}'});
    Run run = run(file.toString());
    assertEquals(new Run(2, "", "condlint review: " + file + ":2:2: binary file (NUL byte), not YAML or JSON text\n"),
        run);
  }

  @Test
  void aUtf16ReviewWithAByteOrderMarkIsReadAsLintReadsIt(@TempDir Path dir) throws Exception {
    String review = """
        {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
         "request": {"uid": "u-16", "kind": {"group": "example.com", "version": "v1", "kind": "Widget"},
           "operation": "CREATE", "object": %s}}
        """.formatted(WIDGET);
    Path file = Files.write(dir.resolve("review.json"), ("\uFEFF" + review).getBytes(StandardCharsets.UTF_16LE));
    Run run = run("--now", "2024-06-01T00:00:00Z", file.toString());
    assertEquals(0, run.exit(), run.err());
    assertEquals("u-16", run.json().path("response").path("uid").asText());
  }
}
