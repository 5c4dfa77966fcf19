package dev.condlint.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** The SARIF 2.1.0 JSON schema (OASIS, stored in test resources), formats asserted. */
final class SarifSchema {
  private static final Schema SCHEMA = load();

  private SarifSchema() {}

  private static Schema load() {
    try {
      var registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4,
          b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
      return registry.getSchema(new ObjectMapper().readTree(
          Golden.RESOURCES.resolve("schemas/sarif-schema-2.1.0.json").toFile()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What the schema finds wrong with a SARIF log, one line each; empty when it is valid. */
  static List<String> violations(String sarif) throws IOException {
    return SCHEMA.validate(new ObjectMapper().readTree(sarif)).stream().map(Error::toString).toList();
  }
}
