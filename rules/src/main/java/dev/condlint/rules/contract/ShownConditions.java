package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.schema.ConditionColumn;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.KindSchema;
import dev.condlint.rules.schema.KindSchemas;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The printer columns of a kind's CRD at the object's version that each show one condition's status
 * ({@link ConditionColumn}), with the CRD in words ({@code CRD group/Kind v1}), where it was read and
 * from which source.
 */
public record ShownConditions(List<ConditionColumn> columns, String crd, String origin, ContractBasis.Source source) {
  public ShownConditions {
    columns = List.copyOf(columns);
  }

  /**
   * From the run's own CRD of that version (given, discovered or in the cluster) where the run has one,
   * else a schema location's, else the bundled CRD index's. Empty where no source has a CRD of the version.
   */
  static Optional<ShownConditions> of(CrdCatalog crds, KindSchemas locations, KindSchemas bundled, ObjectRef ref) {
    String crdName = "CRD " + ref.group() + "/" + ref.kind() + " " + ref.version();
    Optional<CrdVersion> crd = crds.find(ref.apiVersion(), ref.kind());
    if (crd.isPresent()) {
      String origin = crd.get().origin().isEmpty() ? "CRD " + crd.get().crdName() : crd.get().origin();
      return Optional.of(new ShownConditions(crd.get().conditionColumns(), crdName, origin, ContractBasis.Source.CRD));
    }
    for (var pair : List.of(Map.entry(locations, ContractBasis.Source.SCHEMA_LOCATION),
        Map.entry(bundled, ContractBasis.Source.CRD_CATALOGUE))) {
      for (var source : pair.getKey().sources()) {
        Optional<KindSchema> schema = source.find(ref.group(), ref.version(), ref.kind());
        if (schema.isPresent()) {
          List<ConditionColumn> columns = schema.get().conditionColumns();
          String origin = columns.isEmpty() || columns.get(0).origin().isEmpty() ? schema.get().origin().name()
              : columns.get(0).origin();
          return Optional.of(new ShownConditions(columns, crdName, origin, pair.getValue()));
        }
      }
    }
    return Optional.empty();
  }
}
