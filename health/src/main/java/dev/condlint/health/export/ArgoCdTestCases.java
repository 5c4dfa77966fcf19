package dev.condlint.health.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.health.Assessment;
import dev.condlint.health.HealthStatus;
import dev.condlint.health.Judgement;
import dev.condlint.health.KindContract;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The test cases an Argo CD contribution of a kind's health script needs ({@code health_test.yaml} and
 * its testdata), written from the kind's contract: an object of the kind in each state the contract
 * tells apart (its summary in its healthy state; failing with a reason that names no work under way;
 * not yet decided; not yet written; a generation not yet observed), each expected to be judged as
 * {@code condlint health} judges it.
 */
public final class ArgoCdTestCases {
  private ArgoCdTestCases() {}

  /** One case: a file name under testdata/, the object, and what the script must return. */
  public record TestCase(String name, ObjectNode object, HealthStatus status, String message) {}

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  public static List<TestCase> of(KindContract contract, String apiVersion) throws ExportRefused {
    ExportData.of(contract);
    List<String> types = contract.declaredSummary().map(Known::value).map(Summary::types).orElse(List.of("Ready"));
    // Where the kind records the generation: each condition, status.observedGeneration, or both (unknown: both).
    boolean perCondition = contract.declaredGeneration().map(GenerationTracking::perCondition).orElse(true);
    boolean inStatus = contract.declaredGeneration().map(g -> g == GenerationTracking.STATUS || g == GenerationTracking.BOTH)
        .orElse(true);
    List<TestCase> cases = new ArrayList<>();
    Shape shape = new Shape(perCondition, inStatus);
    cases.add(judged("healthy", object(contract, apiVersion, 1, 1, types, shape, t -> healthy(contract, t),
        "Succeeded", t -> t + " is " + healthy(contract, t)), contract));
    String first = types.get(0);
    cases.add(judged("degraded", object(contract, apiVersion, 1, 1, types, shape,
        t -> t.equals(first) ? failing(contract, t) : healthy(contract, t), "Failed",
        t -> t.equals(first) ? "the last attempt failed" : t + " is " + healthy(contract, t)), contract));
    cases.add(judged("progressing", object(contract, apiVersion, 1, 1, types, shape,
        t -> t.equals(first) ? "Unknown" : healthy(contract, t), "Reconciling",
        t -> t.equals(first) ? "reconciliation in progress" : t + " is " + healthy(contract, t)), contract));
    ObjectNode unwritten = base(contract, apiVersion, 1);
    cases.add(judged("progressing_no_status", unwritten, contract));
    cases.add(judged("progressing_generation", object(contract, apiVersion, 2, 1, types, shape,
        t -> healthy(contract, t), "Succeeded", t -> t + " is " + healthy(contract, t)), contract));
    return cases;
  }

  /** Where the examples write the generation they were computed from. */
  private record Shape(boolean perCondition, boolean inStatus) {}

  private static TestCase judged(String name, ObjectNode object, KindContract contract) {
    // A generated case is judged without the clock, so that the same export writes the same tests any day.
    Assessment a = Judgement.assess(object, contract, Optional.empty());
    return new TestCase(name, object, a.status(), a.message());
  }

  private static String healthy(KindContract contract, String type) {
    return contract.polarity(type).map(k -> k.value() == Polarity.ABNORMAL_TRUE).orElse(false) ? "False" : "True";
  }

  private static String failing(KindContract contract, String type) {
    return healthy(contract, type).equals("True") ? "False" : "True";
  }

  private static ObjectNode base(KindContract contract, String apiVersion, long generation) {
    ObjectNode o = JSON.objectNode();
    o.put("apiVersion", apiVersion);
    o.put("kind", contract.kind().kind());
    ObjectNode metadata = o.putObject("metadata");
    metadata.put("name", "example");
    metadata.put("generation", generation);
    o.putObject("spec");
    return o;
  }

  private static ObjectNode object(KindContract contract, String apiVersion, long generation, long observed,
      List<String> types, Shape shape, java.util.function.UnaryOperator<String> status, String reason,
      java.util.function.UnaryOperator<String> message) {
    ObjectNode o = base(contract, apiVersion, generation);
    ObjectNode s = o.putObject("status");
    if (shape.inStatus()) {
      s.put("observedGeneration", observed);
    }
    ArrayNode conditions = s.putArray("conditions");
    for (String t : types) {
      ObjectNode c = conditions.addObject();
      c.put("type", t);
      c.put("status", status.apply(t));
      c.put("reason", status.apply(t).equals(healthy(contract, t)) ? "Succeeded" : reason);
      c.put("message", message.apply(t));
      c.put("lastTransitionTime", "2026-01-01T00:00:00Z");
      if (shape.perCondition()) {
        c.put("observedGeneration", observed);
      }
    }
    return o;
  }
}
