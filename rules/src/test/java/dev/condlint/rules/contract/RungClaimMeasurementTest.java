package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.schema.ConditionItemSchema;
import dev.condlint.rules.schema.ConditionListSchema;
import dev.condlint.rules.schema.CrdIndex;
import dev.condlint.rules.schema.FieldSchema;
import dev.condlint.rules.schema.KindSchema;
import dev.condlint.rules.schema.SchemaPatterns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The measurement behind the claims of the evidence ladder's rungs that hold a list to metav1.Condition on the
 * object's own look (docs/contracts.md, "The claims of the values and observedGeneration rungs", its bar stated
 * before this was run): for every indexed condition list (every path, every kind version) whose item schema is
 * consistent with a rung's evidence (it declares the fields the evidence shows), is each claim the rung makes
 * true under that kind's own schema? A claim stays at warning where it holds for at least 97% of them by kind
 * version and by group, over at least 100 kind versions.
 *
 * <p>The report (target/rung-claims.txt) gives every claim for every evidence: the rungs' own (the five fields,
 * {@code observedGeneration}), the candidate stated with the bar (the six fields of metav1.Condition), each over
 * every path and over {@code status.conditions} alone, and each also without the schemas that declare another
 * family's field (infer18's population, reported, not deciding).
 */
class RungClaimMeasurementTest {
  static final Set<String> FIVE = Set.of("type", "status", "reason", "message", "lastTransitionTime");
  static final Set<String> SIX = Set.of("type", "status", "reason", "message", "lastTransitionTime", "observedGeneration");

  /** The fields by which the catalogue's guesses take another family before a metav1 rung (set by measure). */
  static Set<String> OTHERS = Set.of();

  /** A claim a rung makes of the kind's own condition type, as a test of its item schema. */
  record Claim(String name, Predicate<ConditionListSchema> holds) {}

  static final List<Claim> CLAIMS = List.of(
      new Claim("reason required", l -> l.items().required().contains("reason")),
      new Claim("lastTransitionTime required", l -> l.items().required().contains("lastTransitionTime")),
      new Claim("message required", l -> l.items().required().contains("message")),
      new Claim("empty reason invalid", l -> field(l, "reason").map(f -> f.nonEmpty() || rejects(f, "")).orElse(false)),
      new Claim("reason `Not ready` invalid", l -> field(l, "reason").map(f -> rejects(f, "Not ready")).orElse(false)),
      new Claim("reason over 1024 invalid", l -> field(l, "reason").map(f -> atMost(f.maxLength(), 1024)).orElse(false)),
      new Claim("type `Bad Type` invalid", l -> field(l, "type").map(f -> rejects(f, "Bad Type")).orElse(false)),
      new Claim("type over 316 invalid", l -> field(l, "type").map(f -> atMost(f.maxLength(), 316)).orElse(false)),
      new Claim("message over 32768 invalid", l -> field(l, "message").map(f -> atMost(f.maxLength(), 32768)).orElse(false)),
      new Claim("lastTransitionTime not a date-time invalid",
          l -> field(l, "lastTransitionTime").flatMap(FieldSchema::format).filter("date-time"::equals).isPresent()),
      new Claim("no field outside metav1's six", l -> SIX.containsAll(l.items().properties().keySet())),
      new Claim("no field the rung reports (outside metav1's six and other families' guessed fields)",
          l -> l.items().properties().keySet().stream().allMatch(f -> SIX.contains(f) || OTHERS.contains(f))),
      new Claim("a list-map keyed by type",
          l -> l.listType().filter("map"::equals).isPresent() && l.listMapKeys().equals(List.of("type"))));

  /** An evidence: the fields it shows, over every path or status.conditions alone, with or without other families' fields. */
  record Evidence(String name, Set<String> shows, boolean statusConditionsOnly, boolean withoutOtherFamilies,
      boolean messageRequired) {
    Evidence(String name, Set<String> shows, boolean statusConditionsOnly, boolean withoutOtherFamilies) {
      this(name, shows, statusConditionsOnly, withoutOtherFamilies, false);
    }

    boolean consistent(String path, ConditionItemSchema items, Set<String> others) {
      return (!statusConditionsOnly || path.equals("status.conditions"))
          && (!messageRequired || items.required().contains("message"))
          && items.properties().keySet().containsAll(shows)
          && (!withoutOtherFamilies || items.properties().keySet().stream().noneMatch(others::contains));
    }
  }

  static final List<Evidence> EVIDENCE = List.of(
      new Evidence("five fields", FIVE, false, false),
      new Evidence("observedGeneration", Set.of("observedGeneration"), false, false),
      new Evidence("six fields", SIX, false, false),
      new Evidence("five fields, status.conditions", FIVE, true, false),
      new Evidence("observedGeneration, status.conditions", Set.of("observedGeneration"), true, false),
      new Evidence("six fields, status.conditions", SIX, true, false),
      new Evidence("five fields, no other family's field", FIVE, false, true),
      new Evidence("observedGeneration, no other family's field", Set.of("observedGeneration"), false, true),
      new Evidence("six fields, no other family's field", SIX, false, true),
      // Found after the figures above (not stated with the bar): a message the type does not omit when empty.
      new Evidence("five fields, message required", FIVE, false, false, true),
      new Evidence("observedGeneration, message required", Set.of("observedGeneration"), false, false, true));

  /**
   * A claim's tally: by kind version, by group (per-group shares averaged) and, reported only (not in the bar),
   * by source repository (per-repository shares averaged: one project's many groups weigh as one).
   */
  static final class Tally extends PartialConditionRungMeasurementTest.Tally {
    final Map<String, int[]> byRepository = new java.util.TreeMap<>();

    void add(String group, String repository, boolean claim) {
      add(group, claim);
      int[] r = byRepository.computeIfAbsent(repository, k -> new int[2]);
      r[0]++;
      if (claim) {
        r[1]++;
      }
    }

    double repositoryShare() {
      return byRepository.isEmpty() ? 0
          : byRepository.values().stream().mapToDouble(r -> (double) r[1] / r[0]).sum() / byRepository.size();
    }

    @Override
    String describe() {
      return super.describe() + String.format(java.util.Locale.ROOT, "; by repository %.1f%% of %d",
          100 * repositoryShare(), byRepository.size());
    }
  }

  /**
   * The source repository a kind version's schema was read from (its pinned name up to the commit); an aggregate
   * (datreeio/CRDs-catalog) counts as one.
   */
  static String repository(KindSchema own) {
    String name = own.origin().name();
    int at = name.indexOf('@');
    return at < 0 ? name : name.substring(0, at);
  }

  /** Evidence name to claim name to tally. */
  static Map<String, Map<String, Tally>> measure(CrdIndex index, Catalogue catalogue) {
    Set<String> others = PartialConditionRungMeasurementTest.otherFamiliesFields(catalogue);
    OTHERS = others;
    Map<String, Map<String, Tally>> out = new LinkedHashMap<>();
    for (Evidence e : EVIDENCE) {
      Map<String, Tally> claims = new LinkedHashMap<>();
      CLAIMS.forEach(c -> claims.put(c.name(), new Tally()));
      out.put(e.name(), claims);
    }
    for (String group : index.groups().stream().sorted().toList()) {
      for (String kind : index.kindNames(group)) {
        for (KindSchema own : index.versions(group, kind)) {
          own.conditionLists().forEach((path, list) -> {
            for (Evidence e : EVIDENCE) {
              if (e.consistent(path, list.items(), others)) {
                Map<String, Tally> claims = out.get(e.name());
                CLAIMS.forEach(c -> claims.get(c.name()).add(group, repository(own), c.holds().test(list)));
              }
            }
          });
        }
      }
    }
    return out;
  }

  private static Optional<FieldSchema> field(ConditionListSchema list, String name) {
    return Optional.ofNullable(list.items().properties().get(name));
  }

  private static boolean atMost(OptionalInt max, int limit) {
    return max.isPresent() && max.getAsInt() <= limit;
  }

  /** Whether the field's pattern rejects the value (a pattern condlint cannot compile rejects nothing). */
  private static boolean rejects(FieldSchema field, String value) {
    Optional<Predicate<String>> pattern = field.pattern().flatMap(SchemaPatterns::compiled);
    return pattern.isPresent() && !pattern.get().test(value);
  }

  /** Whether a claim passes the bar: 97% by kind version and by group, over at least 100 kind versions. */
  static boolean passes(Tally t) {
    return t.kindVersions >= 100 && t.share() >= 0.97 && t.groupShare() >= 0.97;
  }

  static String report(Map<String, Map<String, Tally>> measured) {
    StringBuilder report = new StringBuilder();
    measured.forEach((evidence, claims) -> {
      report.append("== ").append(evidence).append('\n');
      claims.forEach((claim, t) -> report.append(passes(t) ? "  PASS " : "  fail ").append(claim).append(": ")
          .append(t.describe()).append('\n'));
    });
    return report.toString();
  }

  /** A rung's claim on the values (families.json guesses' {@code claims}) as the measurement above names it. */
  static final Map<String, String> VALUE_CLAIMS = Map.of(
      "closed", "no field the rung reports (outside metav1's six and other families' guessed fields)",
      "reason.minLength", "empty reason invalid",
      "reason.pattern", "reason `Not ready` invalid",
      "reason.maxLength", "reason over 1024 invalid",
      "type.pattern", "type `Bad Type` invalid",
      "type.maxLength", "type over 316 invalid",
      "message.maxLength", "message over 32768 invalid");

  /** An absent field a rung may ask for (families.json guesses' {@code asks}) as the measurement names it. */
  static final Map<String, String> ASKED_FIELDS = Map.of(
      "reason", "reason required", "lastTransitionTime", "lastTransitionTime required", "message", "message required");

  /** The {@code source} families.json gives the guess whose evidence is these fields. */
  static String guessSource(Set<String> when) throws IOException {
    try (java.io.InputStream in = RungClaimMeasurementTest.class.getResourceAsStream(
        "/dev/condlint/rules/contract/catalogue/families.json")) {
      for (com.fasterxml.jackson.databind.JsonNode g : new com.fasterxml.jackson.databind.ObjectMapper().readTree(in)
          .path("guesses")) {
        Set<String> fields = new java.util.HashSet<>();
        g.path("when").forEach(f -> fields.add(f.asText()));
        if (fields.equals(when)) {
          return g.path("source").asText();
        }
      }
    }
    throw new AssertionError("no guess for " + when);
  }

  @Test
  void eachRungMakesAtWarningExactlyTheClaimsThatPassTheBarOnTheIndex() throws IOException {
    Map<String, Map<String, Tally>> measured = measure(CrdIndex.builtIn(), Catalogue.builtIn());
    String report = report(measured);
    Path out = Path.of("target", "rung-claims.txt");
    Files.createDirectories(out.getParent());
    Files.writeString(out, report);
    int rungs = 0;
    for (FamilyGuess guess : Catalogue.builtIn().guesses()) {
      if (!guess.family().equals("metav1") || guess.holds() != Known.Hold.VALUES) {
        continue;
      }
      rungs++;
      // The rung's population: every indexed condition list whose item declares the fields its evidence shows.
      String evidence = guess.when().equals(Set.of("observedGeneration")) ? "observedGeneration"
          : guess.when().equals(FIVE) ? "five fields" : null;
      assertTrue(evidence != null, "a metav1 rung this measurement does not know: " + guess.when());
      Map<String, Tally> claims = measured.get(evidence);
      assertTrue(claims.get("reason required").kindVersions >= 5_000, report);
      // Should a new index move a claim across the bar, this fails, and the claim is to be decided anew.
      VALUE_CLAIMS.forEach((claim, name) -> assertEquals(passes(claims.get(name)), guess.claims().contains(claim),
          evidence + ": " + claim + " (" + claims.get(name).describe() + ")\n" + report));
      ASKED_FIELDS.forEach((field, name) -> assertEquals(passes(claims.get(name)), guess.asks().fields().contains(field),
          evidence + ": an absent " + field + " (" + claims.get(name).describe() + ")\n" + report));
      // The figures the guess's source in families.json states are this measurement's, not copies that drift.
      String source = guessSource(guess.when());
      for (String name : List.of(VALUE_CLAIMS.get("closed"), "lastTransitionTime required", "reason required",
          "empty reason invalid")) {
        String share = String.format(java.util.Locale.ROOT, "%.1f%%", 100 * claims.get(name).share());
        assertTrue(source.contains(share), evidence + ": families.json states " + name + " as measured, " + share
            + ": " + source);
      }
      assertTrue(source.contains(String.format(java.util.Locale.ROOT, "%,d kind versions", claims.get("reason required").kindVersions)),
          evidence + ": families.json states the population: " + source);
    }
    assertEquals(2, rungs, "the five-field and observedGeneration rungs");
  }
}
