package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.schema.ConditionItemSchema;
import dev.condlint.rules.schema.ConditionListSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a schema of the kind (its CRD, its schema at a location or in the bundled CRD catalogue) says: the
 * condition lists it declares, by path (a list under a map by its pattern, {@code
 * status.components.*.conditions}), each list's condition type read from its item schema and named for
 * a family only where it is metav1.Condition or one of {@code kindsFamilies}, those the catalogue declares for
 * the kind ({@link ItemSchemas}).
 */
record SchemaTestimony(
    Map<String, ConditionListSchema> lists, ContractBasis schemaBasis, ItemSchemas reader, Set<String> kindsFamilies)
    implements Testimony {

  @Override
  public Optional<ContractBasis> basis() {
    return Optional.of(schemaBasis);
  }

  @Override
  public boolean isSchema() {
    return true;
  }

  @Override
  public List<String> listPaths() {
    return List.copyOf(lists.keySet());
  }

  @Override
  public boolean readsOnlyPathAndProfile() {
    return true;
  }

  @Override
  public List<Said> listAt(ListQuery list, List<Said> stronger) {
    return lists.entrySet().stream()
        .filter(e -> ListPath.matches(e.getKey(), list.path()))
        .findFirst()
        .map(e -> {
          Known<ConditionItemSchema> items = new Known<>(e.getValue().items(), schemaBasis);
          return List.of(Said.ofSchema(reader.read(items, kindsFamilies), items, e.getValue().defaults()));
        })
        .orElse(List.of());
  }
}
