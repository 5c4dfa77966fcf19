package dev.condlint.rules.config;

import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.contract.ContractResolver;
import dev.condlint.rules.contract.ContractSpec;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.KindSchemas;
import java.util.List;
import java.util.Map;

/**
 * What the configuration says of condition contracts: its {@code contracts} entries (and the entry its
 * {@code settings} polarities and summaries make, for every kind), and the field rules its
 * {@code settings} set on every declared condition schema ({@code messageRequired}).
 */
public record ContractConfig(List<ContractSpec> entries, Map<String, FieldRule> fieldRules) {
  public static final ContractConfig NONE = new ContractConfig(List.of(), Map.of());

  public ContractConfig {
    entries = List.copyOf(entries);
    fieldRules = Map.copyOf(fieldRules);
  }

  /**
   * The resolver of an engine with these CRDs and schema locations: configuration, then CRDs, then the
   * schema locations, then {@code catalogue}, then the bundled CRD catalogue.
   */
  public ContractResolver resolver(CrdCatalog crds, KindSchemas locations, Catalogue catalogue) {
    return new ContractResolver(entries, fieldRules, crds, locations, catalogue, KindSchemas.bundled());
  }
}
