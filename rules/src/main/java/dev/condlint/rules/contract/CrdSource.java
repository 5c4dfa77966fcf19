package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import java.util.List;
import java.util.Set;

/** The kind's CRD among the run's (the inputs, {@code --crds}, the cluster). */
record CrdSource(CrdCatalog crds, ItemSchemas reader) implements ContractSource {

  @Override
  public Precedence precedence() {
    return Precedence.CRD;
  }

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    return crds.find(kind.ref().apiVersion(), kind.kind())
        .<Testimony>map(crd -> new SchemaTestimony(crd.conditionLists(), new ContractBasis(ContractBasis.Source.CRD,
            "CRD " + crd.crdName() + " (" + crd.apiVersion() + ")", crd.origin()), reader, reader.familiesOf(kind)))
        .orElse(Testimony.SILENT);
  }

  @Override
  public List<String> versions(
      String group, String kind, Set<String> categories, List<ContractSource> stronger, List<String> named) {
    return crds.versionsOf(group, kind).stream()
        .map(crd -> new ObjectRef(crd.apiVersion(), kind, "", "").version())
        .toList();
  }
}
