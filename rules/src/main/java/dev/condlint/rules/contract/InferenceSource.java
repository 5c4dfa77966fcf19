package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.schema.ConditionItemSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Inference from the object itself, for the parts nothing stronger says: the family its conditions'
 * fields suggest (held as far as the evidence ladder allows), a summary type by its name, where the
 * generation is recorded.
 */
record InferenceSource(Catalogue catalogue) implements ContractSource {

  @Override
  public Precedence precedence() {
    return Precedence.INFERENCE;
  }

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    return Testimony.ofEachList((list, declared) -> List.of(Said.inferred(
        declared.stream().anyMatch(s -> s.schema().isPresent()) ? Optional.empty() : guessFamily(list),
        declared.stream().anyMatch(s -> s.summary().isPresent()) ? Optional.empty() : summary(list.conditions()),
        declared.stream().anyMatch(s -> s.generation().isPresent()) ? Optional.empty() : generation(list, declared))));
  }

  private Optional<Known<ConditionSchema>> guessFamily(ListQuery list) {
    Set<String> seen = new LinkedHashSet<>();
    list.conditions().forEach(c -> c.fieldNames().forEachRemaining(seen::add));
    if (seen.isEmpty()) {
      return Optional.empty();
    }
    for (FamilyGuess guess : catalogue.guesses()) {
      if (list.conditions().stream().noneMatch(c -> guess.when().stream().allMatch(c::has))
          || !guess.appliesTo(list.group())) {
        continue;
      }
      if (!guess.within().isEmpty()
          && !catalogue.families().get(guess.within()).schema().fieldNames().containsAll(seen)) {
        continue;
      }
      ConditionFamily family = catalogue.families().get(guess.family());
      String evidence = guess.when().size() == 1
          ? String.join(", ", guess.when()) + ", as " + family.title() + " has"
          : "one has " + String.join(", ", guess.when()) + ", as " + family.title() + " requires";
      return Optional.of(new Known<>(family.schema(), new ContractBasis(ContractBasis.Source.INFERRED,
          "the fields its conditions carry (" + evidence + ")"), guess.holds(), guess.asks(), guess.claims()));
    }
    return Optional.empty();
  }

  private Optional<Known<Summary>> summary(List<JsonNode> conditions) {
    List<String> present = new ArrayList<>();
    for (JsonNode c : conditions) {
      String type = c.path("type").asText("");
      if (catalogue.vocabulary().summaryNames().contains(type) && !present.contains(type)) {
        present.add(type);
      }
    }
    if (present.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Known<>(new Summary(present, false), new ContractBasis(ContractBasis.Source.INFERRED,
        "the type name " + String.join(" and ", present))));
  }

  /** An item schema with observedGeneration says {@code condition}; else conditions that carry one do. */
  private static Optional<Known<GenerationTracking>> generation(ListQuery list, List<Said> declared) {
    Optional<Known<ConditionItemSchema>> items =
        declared.stream().flatMap(s -> s.items().stream()).findFirst();
    if (items.isPresent() && items.get().value().fields().contains("observedGeneration")) {
      return Optional.of(new Known<>(GenerationTracking.CONDITION, items.get().basis()));
    }
    if (list.conditions().stream().anyMatch(c -> c.has("observedGeneration"))) {
      return Optional.of(new Known<>(GenerationTracking.CONDITION,
          new ContractBasis(ContractBasis.Source.INFERRED, "the observedGeneration some of its conditions carry")));
    }
    return Optional.empty();
  }
}
