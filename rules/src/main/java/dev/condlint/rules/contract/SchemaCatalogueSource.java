package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.schema.KindSchemas;
import java.util.List;
import java.util.Set;

/**
 * The kind's schema in catalogues of schemas: the schema locations a front end read ({@link
 * Precedence#SCHEMA_LOCATION}) or condlint's bundled CRD catalogue ({@link Precedence#CRD_CATALOGUE}). Either
 * speaks only for a kind whose schema no stronger source gives: a kind's schema comes from one place.
 */
record SchemaCatalogueSource(Precedence precedence, KindSchemas schemas, ItemSchemas reader)
    implements ContractSource {

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    if (stronger.stream().anyMatch(Testimony::isSchema)) {
      return Testimony.SILENT;
    }
    ContractBasis.Source source = precedence == Precedence.SCHEMA_LOCATION
        ? ContractBasis.Source.SCHEMA_LOCATION : ContractBasis.Source.CRD_CATALOGUE;
    return schemas.find(kind.group(), kind.version(), kind.kind())
        .<Testimony>map(m -> new SchemaTestimony(m.schema().conditionLists(),
            new ContractBasis(source, m.describe(kind.kind()), m.schema().origin().citation()), reader, reader.familiesOf(kind)))
        .orElse(Testimony.SILENT);
  }

  /**
   * A location names the versions it holds; the bundled catalogue only where nothing stronger names one
   * or has an entry for every version.
   */
  @Override
  public List<String> versions(
      String group, String kind, Set<String> categories, List<ContractSource> stronger, List<String> named) {
    if (precedence == Precedence.CRD_CATALOGUE
        && (!named.isEmpty() || stronger.stream().anyMatch(s -> s.speaksForEveryVersion(group, kind, categories)))) {
      return List.of();
    }
    return schemas.versions(group, kind);
  }
}
