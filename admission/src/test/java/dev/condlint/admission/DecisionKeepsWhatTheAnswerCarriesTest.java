package dev.condlint.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A decision keeps only the findings its answer can carry, and answers in the same words as when it kept
 * them all: the same warnings, causes, denial message, rule ids and counts. The reference here sorts
 * every finding with the split-based pointer order the decision used before.
 */
class DecisionKeepsWhatTheAnswerCarriesTest {
  private static final String[] RULES = {"a-rule", "b-rule", "c", "longer-rule-id-for-a-longer-warning"};

  /** The pointer order as it was: split on '/', indexes as numbers. */
  private static int splitCompare(String a, String b) {
    String[] x = a.split("/", -1);
    String[] y = b.split("/", -1);
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      int c = isIndex(x[i]) && isIndex(y[i])
          ? Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i]))
          : x[i].compareTo(y[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(x.length, y.length);
  }

  private static boolean isIndex(String token) {
    return !token.isEmpty() && token.length() < 10 && token.chars().allMatch(Character::isDigit);
  }

  private static final Comparator<Finding> REFERENCE_ORDER =
      Comparator.comparing(Finding::severity, Comparator.reverseOrder())
          .thenComparing(f -> f.position().orElse(null), Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Finding::pointer, DecisionKeepsWhatTheAnswerCarriesTest::splitCompare)
          .thenComparing(Finding.SOURCE_ORDER);

  private static List<Finding> findings(int n, long seed) {
    Random random = new Random(seed);
    ObjectRef ref = ObjectRef.of(Reviews.json("{\"kind\": \"Widget\", \"metadata\": {\"name\": \"w1\"}}"));
    String[] tails = {"type", "status", "reason", "", "0", "10", "2"};
    List<Finding> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Severity severity = Severity.values()[random.nextInt(Severity.values().length)];
      String pointer = "/status/conditions/" + random.nextInt(n / 3 + 1) + "/" + tails[random.nextInt(tails.length)];
      Optional<ContractBasis> basis = random.nextInt(4) == 0
          ? Optional.of(new ContractBasis(ContractBasis.Source.INFERRED, "a guess"))
          : Optional.empty();
      String message = "m" + random.nextInt(5) + " " + "x".repeat(random.nextInt(40));
      out.add(new Finding(RULES[random.nextInt(RULES.length)], severity, message, "h", pointer, ref, Optional.empty(),
          basis, Optional.empty()));
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 49, 50, 51, 511, 512, 513, 3000})
  void theAnswerIsTheSameAsWithEveryFindingKept(int n) {
    List<Finding> all = findings(n, n);
    List<Finding> sorted = all.stream().sorted(REFERENCE_ORDER).toList();
    for (AdmissionMode mode : AdmissionMode.values()) {
      Decision decision = new Decision(AdmissionTest.requestOf(), mode, Evaluation.STATUS, all, List.of());
      assertEquals(sorted.subList(0, Math.min(n, Decision.KEPT)), decision.findings());
      assertEquals(n, decision.findingCount());

      List<Finding> errors = sorted.stream()
          .filter(f -> f.severity() == Severity.ERROR && !f.restsOnInference()).toList();
      assertEquals(errors.subList(0, Math.min(errors.size(), Decision.KEPT_ERRORS)), decision.errors());
      assertEquals(errors.size(), decision.errorCount());
      assertEquals(sorted.stream().map(Finding::ruleId).distinct().toList(), decision.ruleIds());
      assertEquals(all.stream().collect(Collectors.groupingBy(f -> f.ruleId() + " " + f.severity(), Collectors.counting())),
          decision.counts().stream().collect(Collectors.toMap(c -> c.ruleId() + " " + c.severity(), c -> (long) c.count())));

      List<String> warnings = mode == AdmissionMode.AUDIT ? List.of() : Warnings.of(sorted, List.of());
      assertEquals(warnings, decision.warnings());
      JsonNode answer = AdmissionResponses.of(decision);
      assertEquals(mode != AdmissionMode.ENFORCE || errors.isEmpty(), answer.path("response").path("allowed").asBoolean());
      if (!decision.allowed()) {
        JsonNode causes = answer.path("response").path("status").path("details").path("causes");
        assertEquals(Math.min(n, AdmissionResponses.MAX_CAUSES) + (n > AdmissionResponses.MAX_CAUSES ? 1 : 0), causes.size());
        assertEquals(Warnings.cut(sorted.get(0).severity().label() + " " + sorted.get(0).ruleId() + ": "
            + sorted.get(0).message()), causes.path(0).path("message").asText());
        String message = answer.path("response").path("status").path("message").asText();
        assertEquals(true, message.contains(": " + errors.size() + (errors.size() == 1 ? " error: " : " errors: ")), message);
      }
    }
  }
}
