package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ContractBasis;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Shapes: a nested list that nothing stronger declares is judged by what holds it, recognised by its
 * fields in any API group (an embedded PodStatus as a Pod's conditions).
 */
record ShapeSource(Catalogue catalogue) implements ContractSource {

  @Override
  public Precedence precedence() {
    return Precedence.SHAPE;
  }

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    return Testimony.ofEachList((list, declared) -> {
      if (list.path().equals(ListPath.TOP_LEVEL) || !declared.isEmpty() || list.holder().isEmpty()) {
        return List.of();
      }
      return recognise(list.holder().get()).orElse(List.of());
    });
  }

  private Optional<List<Said>> recognise(JsonNode holder) {
    for (Shape shape : catalogue.shapes()) {
      if (!shape.matches(holder)) {
        continue;
      }
      List<Said> said = new ArrayList<>();
      if (shape.asKind().isPresent()) {
        Shape.KindRef as = shape.asKind().get();
        for (ContractSpec spec : catalogue.entriesFor(as.group(), "", as.kind(), Set.of())) {
          spec.listAt(ListPath.TOP_LEVEL).ifPresent(l -> said.add(Said.of(l, new ContractBasis(
              ContractBasis.Source.INFERRED, shape.name() + ", judged as a " + as.kind() + "'s conditions",
              spec.basis().citation())).recognisedAs(shape.name())));
        }
      } else {
        said.add(Said.of(shape.list(), new ContractBasis(ContractBasis.Source.INFERRED,
            shape.name() + ", recognised by its fields", shape.source())).recognisedAs(shape.name()));
      }
      // A shape recognised speaks for the list even where it says nothing of its parts.
      return Optional.of(said.isEmpty() ? List.of(Said.of(ListSpec.EMPTY, new ContractBasis(
          ContractBasis.Source.INFERRED, shape.name())).recognisedAs(shape.name())) : said);
    }
    return Optional.empty();
  }
}
