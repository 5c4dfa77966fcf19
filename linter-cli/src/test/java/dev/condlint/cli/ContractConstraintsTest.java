package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code contracts:} entry's {@code constraints} (pattern, minLength) for {@code type} and {@code reason}
 * are what condition-type-format and condition-reason-format test (issue 24 item 9, gap A of the
 * acceptance walk-through); a pattern that is no regular expression stops the run at its place.
 */
class ContractConstraintsTest {
  @TempDir Path dir;

  private static final String CONTRACT = """
      contracts:
        - group: foo.unknown.example
          kinds: [Thing]
          conditions:
            family: metav1
            constraints:
              reason: {pattern: "^[A-Z][a-z]+$", minLength: 3}
              type: {pattern: "^[A-Z][A-Za-z]*$", minLength: 5}
      """;

  private static final String THING = """
      apiVersion: foo.unknown.example/v1
      kind: Thing
      metadata: {name: t, generation: 1}
      status:
        observedGeneration: 1
        conditions:
        - {type: Ready, status: "True", reason: DoneNow, message: finished, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Synced, status: "True", reason: Ok, message: synced, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Warm2, status: "True", reason: Done, message: warm, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Up, status: "True", reason: Done, message: up, lastTransitionTime: "2024-05-01T12:00:00Z"}
        - {type: Healthy, status: "True", reason: Done, message: healthy, lastTransitionTime: "2024-05-01T12:00:00Z"}
      """;

  private CliRun.Result lint(String config, String object) throws IOException {
    Files.writeString(dir.resolve(".condlint.yaml"), config);
    Files.writeString(dir.resolve("thing.yaml"), object);
    return CliRun.withBuiltInRules(dir).run("lint", "--format", "text", "thing.yaml");
  }

  @Test
  void theContractsReasonAndTypePatternsAndMinimumLengthsAreTestedAtError() throws IOException {
    CliRun.Result r = lint(CONTRACT, THING);

    assertEquals("", r.err());
    assertEquals(1, r.exit());
    assertEquals("""
        thing.yaml: profile k8s (1 object)
        thing.yaml:7:43: error condition-reason-format: Condition "Ready" has reason "DoneNow", which does not match \
        `^[A-Z][a-z]+$`; its condition type's schema rejects it.
            hint: Use a reason that matches its condition type's pattern; put details in the message.
        thing.yaml:8:44: error condition-reason-format: Condition "Synced" has a reason of 2 characters ("Ok"); this \
        condition type requires at least 3 characters.
            hint: Use a longer reason, as its condition type's schema asks.
        thing.yaml:9:12: error condition-type-format: Type "Warm2" does not match `^[A-Z][A-Za-z]*$`; its condition \
        type's schema rejects such a type.
            hint: Use a type that matches its condition type's pattern.
        thing.yaml:10:12: error condition-type-format: Type "Up" is 2 characters long; the schema requires at least 5.
            hint: Use a longer type, as its condition type's schema asks.
        Checked 1 file (1 object): 4 errors, 0 warnings, 0 infos.
        """, r.out());
  }

  @Test
  void aCrdsOwnReasonAndMessagePatternsAreTheOnesTested() throws IOException {
    CliRun.Result r = lint("profile: k8s\n", """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: gadgets.example.com}
        spec:
          group: example.com
          names: {kind: Gadget, plural: gadgets}
          scope: Namespaced
          versions:
          - name: v1
            served: true
            storage: true
            subresources: {status: {}}
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  status:
                    type: object
                    properties:
                      observedGeneration: {type: integer, format: int64}
                      conditions:
                        type: array
                        maxItems: 8
                        x-kubernetes-list-type: map
                        x-kubernetes-list-map-keys: [type]
                        items:
                          type: object
                          required: [type, status, lastTransitionTime, reason, message]
                          properties:
                            type: {type: string, maxLength: 316, pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$'}
                            status: {type: string, enum: ["True", "False", Unknown]}
                            observedGeneration: {type: integer, format: int64, minimum: 0}
                            lastTransitionTime: {type: string, format: date-time}
                            reason: {type: string, minLength: 1, maxLength: 1024, pattern: '^[A-Z]+$'}
                            message: {type: string, maxLength: 32768, pattern: '^[a-z ]+$'}
        ---
        apiVersion: example.com/v1
        kind: Gadget
        metadata: {name: g, generation: 1}
        status:
          observedGeneration: 1
          conditions:
          - {type: Ready, status: "True", observedGeneration: 1, reason: Done, message: finished, lastTransitionTime: "2024-05-01T12:00:00Z"}
          - {type: Synced, status: "True", observedGeneration: 1, reason: DONE, message: "Synced.", lastTransitionTime: "2024-05-01T12:00:00Z"}
          - {type: Healthy, status: "True", observedGeneration: 1, reason: DONE, message: healthy, lastTransitionTime: "2024-05-01T12:00:00Z"}
        """);

    assertEquals("", r.err());
    assertEquals(1, r.exit());
    assertEquals("thing.yaml: profile k8s (2 objects)\n"
        + "thing.yaml:34:21: info crd-condition-reason-constraints: In version v1, status.conditions[].reason has"
        + " pattern '^[A-Z]+$' instead of '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'; the items look like metav1"
        + " (k8s.io/apimachinery/pkg/apis/meta/v1.Condition) but are a condition type of the project's own (they"
        + " lack markers that controller-gen writes into every CRD generated from it: reason pattern), which need"
        + " not follow its markers; by metav1's convention, pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'.\n"
        + "    hint: If the Go type is k8s.io/apimachinery/pkg/apis/meta/v1.Condition, regenerate the CRD; if it is"
        + " your own, consider declaring pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$' on reason.\n"
        + "thing.yaml:43:66: error condition-reason-format: Condition \"Ready\" has reason \"Done\", which does not"
        + " match `^[A-Z]+$`; its condition type's schema rejects it.\n"
        + "    hint: Use a reason that matches its condition type's pattern; put details in the message.\n"
        + "thing.yaml:44:82: error condition-message-maxlength: Condition \"Synced\" has message \"Synced.\", which"
        + " does not match `^[a-z ]+$`; its condition type's schema rejects it.\n"
        + "    hint: Write a message that matches its condition type's pattern.\n"
        + "Checked 1 file (2 objects): 2 errors, 0 warnings, 1 info.\n", r.out());
  }

  @Test
  void aContractThatStatesMetav1sOwnPatternKeepsMetav1sWording() throws IOException {
    String metav1 = CONTRACT.replace("{pattern: \"^[A-Z][a-z]+$\", minLength: 3}",
        "{pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'}");
    CliRun.Result r = lint(metav1, """
        apiVersion: foo.unknown.example/v1
        kind: Thing
        metadata: {name: t, generation: 1}
        status:
          observedGeneration: 1
          conditions:
          - {type: Ready, status: "True", reason: "Done now", message: finished, lastTransitionTime: "2024-05-01T12:00:00Z"}
        """);

    assertEquals("", r.err());
    assertEquals(1, r.exit());
    assertEquals("""
        thing.yaml: profile k8s (1 object)
        thing.yaml:7:43: error condition-reason-format: Condition "Ready" has reason "Done now", which is not a \
        one-word identifier matching `[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?` (a letter first; then letters, \
        digits, '_', ',' and ':'; a letter, digit or '_' last); its condition type's schema rejects it.
            hint: Use a one-word CamelCase reason such as `ImagePullFailed`; put details in the message.
        Checked 1 file (1 object): 1 error, 0 warnings, 0 infos.
        """, r.out());
  }

  @Test
  void aPatternThatIsNoRegularExpressionStopsTheRunAtItsLineAndColumn() throws IOException {
    CliRun.Result r = lint(CONTRACT.replace("^[A-Z][a-z]+$", "^[A-Z(+$"), THING);

    assertEquals(2, r.exit());
    assertEquals("", r.out());
    assertEquals(".condlint.yaml:7:27: error: contracts[0].conditions.constraints.reason.pattern: '^[A-Z(+$' is not a"
        + " regular expression (Unclosed character class).\n", r.err());
  }
}
