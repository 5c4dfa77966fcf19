package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.schema.KindSchemaSource;
import dev.condlint.rules.schema.KindSchemas;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The ladder's rung of a kind's API group: where nothing declares a kind's schema, and every other kind
 * of its group that the bundled CRD index holds uses one family at {@code status.conditions}
 * ({@link SiblingFamily}), the kind's list there is held to that family at warning (basis {@code
 * inferred}), unless a condition of the list carries a field that another known family has and that
 * family lacks (Cluster API's {@code severity}, a Deployment's {@code lastUpdateTime}): the object's own
 * evidence then wins and this says nothing. It is not a declaration: the kind stays undeclared.
 */
record SiblingSource(KindSchemas bundled, Catalogue catalogue) implements ContractSource {

  @Override
  public Precedence precedence() {
    return Precedence.SIBLINGS;
  }

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    if (stronger.stream().anyMatch(Testimony::isSchema) || kind.group().isEmpty()) {
      return Testimony.SILENT;
    }
    Optional<SiblingFamily.Agreement> agreement = Optional.empty();
    for (KindSchemaSource source : bundled.sources()) {
      if (!source.kindNames(kind.group()).isEmpty()) {
        agreement = SiblingFamily.of(source, catalogue.families(), kind.group(), kind.version(), kind.kind(),
            ListPath.TOP_LEVEL);
        break;
      }
    }
    if (agreement.isEmpty()) {
      return Testimony.SILENT;
    }
    SiblingFamily.Agreement agreed = agreement.get();
    Known<ConditionSchema> schema = new Known<>(agreed.family().schema(),
        new ContractBasis(ContractBasis.Source.INFERRED, agreed.evidence(kind.group(), ListPath.TOP_LEVEL)), Known.Hold.GROUP);
    Set<String> contradicting = new HashSet<>(catalogue.fieldNames());
    contradicting.removeAll(agreed.family().schema().fieldNames());
    return Testimony.ofEachList((list, declared) -> {
      if (!list.path().equals(ListPath.TOP_LEVEL) || declared.stream().anyMatch(s -> s.schema().isPresent())
          || contradicted(list.conditions(), contradicting)) {
        return List.of();
      }
      return List.of(Said.inferred(Optional.of(schema), Optional.empty(), Optional.empty()));
    });
  }

  /** Whether a condition carries a field another known family has and the agreed one lacks. */
  private static boolean contradicted(List<JsonNode> conditions, Set<String> contradicting) {
    for (JsonNode c : conditions) {
      for (var names = c.fieldNames(); names.hasNext(); ) {
        if (contradicting.contains(names.next())) {
          return true;
        }
      }
    }
    return false;
  }
}
