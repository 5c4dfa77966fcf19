package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * For kinds nothing declares, the rules {@code condlint explain} says the inferred contract turns on are
 * exactly those that {@code condlint lint} reports on the object with one mistake injected, each rung of
 * the evidence ladder (docs/contracts.md) in turn: the two must never disagree.
 */
class ExplainAgreesWithLintTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The rules that demand or forbid fields by an inferred condition type. */
  private static final Set<String> JUDGING = Set.of("condition-reason-required", "condition-message-present",
      "condition-last-transition-time-required", "condition-unknown-field");
  /** One mistake each: the first condition's fields with one dropped, emptied or added. */
  private static final List<String> MUTATIONS = List.of(
      "reason: \"\"", "-reason", "-message", "-lastTransitionTime", "+bogusField: x");

  @TempDir Path dir;

  /**
   * A list of three conditions of a kind nothing declares, the first with these fields, the other two
   * with {@code second}'s (the second renamed {@code Reconciled}): a rung may want two others.
   */
  private static String object(String first, String second) {
    return object(THING, first, second);
  }

  /** The same list in an object of this apiVersion and kind ({@code things.example.org/v1 Thing}). */
  private static String object(String kind, String first, String second) {
    return of(kind, first, second, second.replace("Synced", "Reconciled"));
  }

  private static final String THING = "things.example.org/v1 Thing";

  /** A Thing, a kind nothing declares, whose status.conditions are these conditions' fields, one a line. */
  private static String thing(String... conditions) {
    return of(THING, conditions);
  }

  private static String of(String kind, String... conditions) {
    StringBuilder yaml = new StringBuilder("apiVersion: " + kind.split(" ")[0] + "\nkind: " + kind.split(" ")[1] + "\n"
        + """
        metadata: {name: t, generation: 2}
        status:
          conditions:
        """);
    for (String fields : conditions) {
      yaml.append("  - {").append(fields).append("}\n");
    }
    return yaml.toString();
  }

  private static String mutate(String fields, String mutation) {
    List<String> out = new ArrayList<>();
    for (String field : fields.split(", ")) {
      String name = field.substring(0, field.indexOf(':'));
      if (mutation.equals("-" + name) || mutation.startsWith(name + ":")) {
        if (mutation.startsWith(name + ":")) {
          out.add(mutation);
        }
      } else {
        out.add(field);
      }
    }
    if (mutation.startsWith("+")) {
      out.add(mutation.substring(1));
    }
    return String.join(", ", out);
  }

  private JsonNode run(String yaml, String... command) throws IOException {
    Files.writeString(dir.resolve("thing.yaml"), yaml);
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(List.of("--format", "json", "thing.yaml"));
    return JSON.readTree(CliRun.withBuiltInRules(dir).run(List.of(), args.toArray(String[]::new)).out());
  }

  /**
   * What explain says of each judging rule: on or off (by the inferred condition type, or, for a list without
   * one, by the evidence ladder's bottom rung).
   */
  private Map<String, Boolean> explained(String yaml) throws IOException {
    Map<String, Boolean> on = new TreeMap<>();
    JsonNode list = run(yaml, "explain").path("objects").get(0).path("lists").get(0);
    JsonNode rules = list.path("conditionType").isObject() ? list.path("conditionType").path("inferredRules")
        : list.path("inferredRules");
    rules.forEach(r -> on.put(r.path("rule").asText(), r.path("on").asBoolean()));
    return on;
  }

  /**
   * The judging rules lint reports at warning on some mutation of the object's first condition (an info names a
   * convention the inferred type does not claim: explain says so, and says the rule is off).
   */
  private Set<String> fired(String kind, String first, String second) throws IOException {
    Set<String> fired = new TreeSet<>();
    for (String mutation : MUTATIONS) {
      run(object(kind, mutate(first, mutation), second), "lint", "--fail-on", "never").path("findings")
          .forEach(f -> {
            if (!f.path("severity").asText().equals("info")) {
              fired.add(f.path("rule").asText());
            }
          });
    }
    fired.retainAll(JUDGING);
    return fired;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      observedGeneration: an absent time, a field metav1 lacks | type: Ready, status: "True", reason: Done, message: ok, lastTransitionTime: "2024-01-01T00:00:00Z", observedGeneration: 2 | condition-last-transition-time-required condition-unknown-field
      metav1's five fields: a field metav1 lacks | type: Ready, status: "True", reason: Done, message: ok, lastTransitionTime: "2024-01-01T00:00:00Z"                        | condition-unknown-field
      another family's field: a field no family has | type: Ready, status: "True", reason: Done, message: ok, lastTransitionTime: "2024-01-01T00:00:00Z", severity: Info | condition-unknown-field
      a partial condition: a field no family has    | type: Ready, status: "True", reason: Done, message: ok                                                           | condition-unknown-field
      no reason nor message: a field no family has  | type: Ready, status: "True"                                                                                       | condition-unknown-field
      """)
  void theRulesExplainTurnsOnAreThoseLintReports(String rung, String fields, String expectedOn) throws IOException {
    assertExplainAgreesWithLint(rung, THING, fields, expectedOn);
  }

  /**
   * The rung of the kind's API group: a kind the bundled CRD index lacks of a group whose other kinds all
   * use metav1.Condition (numaflow.numaproj.io) is held to every field where the object's own look holds
   * only the values (no message asked for); a group whose kinds mix condition types (hypershift.openshift.io:
   * NodePool's is Cluster API v1beta1's) leaves the object's look alone, and so do the object's own fields
   * where they are another family's.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      a metav1 group: every rule on      | numaflow.numaproj.io/v1alpha1 Broker              | type: Ready, status: "True", reason: Done, message: ok, lastTransitionTime: "2024-01-01T00:00:00Z"                  | condition-last-transition-time-required condition-message-present condition-reason-required condition-unknown-field
      a mixed group: the object's look   | hypershift.openshift.io/v1beta1 HostedClusterSizing | type: Ready, status: "True", reason: Done, message: ok, lastTransitionTime: "2024-01-01T00:00:00Z"                  | condition-unknown-field
      another family's field: a field no family has | numaflow.numaproj.io/v1alpha1 Broker   | type: Ready, status: "True", reason: Done, message: ok, lastTransitionTime: "2024-01-01T00:00:00Z", severity: Info | condition-unknown-field
      """)
  void theRulesExplainTurnsOnByTheGroupsOtherKindsAreThoseLintReports(String rung, String kind, String fields,
      String expectedOn) throws IOException {
    assertExplainAgreesWithLint(rung, kind, fields, expectedOn);
  }

  /**
   * The rules explain turns on for a list of two conditions with these fields (Ready and Synced) in an object of
   * this kind are {@code expectedOn} (space-separated; none if null), and exactly those lint reports on mutants.
   */
  private void assertExplainAgreesWithLint(String rung, String kind, String fields, String expectedOn)
      throws IOException {
    Map<String, Boolean> explained = explained(object(kind, fields, fields.replace("Ready", "Synced")));
    Set<String> on = new TreeSet<>();
    explained.forEach((rule, isOn) -> {
      if (isOn) {
        on.add(rule);
      }
    });

    assertEquals(JUDGING, explained.keySet(), rung);
    assertEquals(expectedOn == null ? Set.of() : Set.of(expectedOn.split(" ")), on, rung);
    assertEquals(on, fired(kind, fields, fields.replace("Ready", "Synced")), rung);
  }

  /**
   * A list none of whose conditions has a type: explain says whether the rules judge it, and lint reports a
   * missing type exactly where it says they do (found by benchmarks/heldout/mutate: a dropped type in a
   * one-condition list).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      condition statuses | status: "True", reason: Done, message: ok | no condition has a type, but every status is True, False or Unknown, a typed condition's: judged as typed conditions, each missing type a warning (condition-type-required, inferred) | 6:5 warning condition-type-required
      a phase history    | status: Running, reason: Done, message: ok | no condition has a type, and a status is not True, False or Unknown: no list of typed conditions (a phase history), not judged |
      """)
  void explainSaysWhetherAnUntypedListIsJudgedAsLintJudgesIt(String what, String fields, String untyped, String finding)
      throws IOException {
    String yaml = thing(fields);

    assertEquals(untyped, run(yaml, "explain").path("objects").get(0).path("lists").get(0).path("untyped").asText(), what);
    List<String> findings = new ArrayList<>();
    run(yaml, "lint", "--fail-on", "never").path("findings").forEach(f -> {
      if (!f.path("severity").asText().equals("info")) {
        findings.add(f.path("line").asInt() + ":" + f.path("column").asInt() + " " + f.path("severity").asText() + " "
            + f.path("rule").asText());
      }
    });
    assertEquals(finding == null ? List.of() : List.of(finding), findings, what);
  }

  @Test
  void explainSaysWhatTheLaddersBottomRungReportsOnAListWithoutAConditionType() throws IOException {
    Files.writeString(dir.resolve("thing.yaml"), thing("type: Ready, status: \"True\", reason: Done, message: ok"));

    String out = CliRun.withBuiltInRules(dir).run(List.of("explain"), "thing.yaml").out();

    assertEquals("""
            condition type: unknown
              basis: nothing says, and its conditions' fields are those of no condition family
              rules without a condition type (findings at warning at most):
                condition-reason-required: off: no condition type: the conditions' fields suggest none
                condition-message-present: off: no condition type: the conditions' fields suggest none
                condition-last-transition-time-required: off: no condition type: the conditions' fields suggest none
                condition-unknown-field: on: a field no condition type condlint knows has, where no other condition of the list carries it
            types:
        """, out.substring(out.indexOf("    condition type:"), out.indexOf("    types:") + "    types:\n".length()));
  }

  @Test
  void explainSaysWhatEachRuleReportsByTheInferredType() throws IOException {
    Files.writeString(dir.resolve("thing.yaml"), object(
        "type: Ready, status: \"True\", reason: Done, message: ok, lastTransitionTime: \"2024-01-01T00:00:00Z\"",
        "type: Synced, status: \"True\", reason: Done, message: ok, lastTransitionTime: \"2024-01-01T00:00:00Z\""));

    String out = CliRun.withBuiltInRules(dir).run(List.of("explain"), "thing.yaml").out();

    assertEquals("""
              rules by this inferred type (findings at warning at most):
                condition-reason-required: off: an empty reason, as an info naming metav1.Condition's convention (this evidence's claim on it is under the measured bar, docs/contracts.md)
                condition-message-present: off: asks for no absent field on this evidence
                condition-last-transition-time-required: off: asks for no absent field on this evidence
                condition-unknown-field: on: a field the inferred family lacks
            types:
        """, out.substring(out.indexOf("      rules by"), out.indexOf("    types:") + "    types:\n".length()));
  }

  /**
   * Where explain says a rule reports the values only as the convention's info (the rung's claim is under the
   * measured bar), lint reports exactly that, an info, on a five-field and on an observedGeneration list alike.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      five fields        | type: Ready, status: "False", reason: "", message: ok, lastTransitionTime: "2024-01-01T00:00:00Z"                        | 6:44
      observedGeneration | type: Ready, status: "False", reason: "", message: ok, lastTransitionTime: "2024-01-01T00:00:00Z", observedGeneration: 2 | 6:44
      """)
  void anEmptyReasonExplainCallsTheConventionsIsAnInfoInLint(String rung, String first, String at) throws IOException {
    String good = first.replace("reason: \"\"", "reason: Done").replace("Ready", "Synced");
    String yaml = object(first, good);
    JsonNode rules = run(yaml, "explain").path("objects").get(0).path("lists").get(0).path("conditionType")
        .path("inferredRules");
    JsonNode reason = null;
    for (JsonNode r : rules) {
      if (r.path("rule").asText().equals("condition-reason-required")) {
        reason = r;
      }
    }
    assertEquals("false an empty reason, as an info naming metav1.Condition's convention (this evidence's claim on"
        + " it is under the measured bar, docs/contracts.md)", reason.path("on").asText() + " " + reason.path("what").asText(), rung);
    List<String> findings = new ArrayList<>();
    run(yaml, "lint", "--fail-on", "never").path("findings").forEach(f -> {
      if (f.path("rule").asText().equals("condition-reason-required")) {
        findings.add(f.path("line").asInt() + ":" + f.path("column").asInt() + " " + f.path("severity").asText());
      }
    });
    assertEquals(List.of(at + " info"), findings, rung);
  }
}
