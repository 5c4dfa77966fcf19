package dev.condlint.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.SchemaViolation;
import java.util.List;
import java.util.Optional;

/** One object's CRD, if known, and its schema violations, computed lazily and at most once. */
final class SchemaContext {
  private final CrdCatalog catalog;
  private final Optional<CrdVersion> crd;
  private final JsonNode object;
  private List<SchemaViolation> violations;

  SchemaContext(CrdCatalog catalog, Optional<CrdVersion> crd, JsonNode object) {
    this.catalog = catalog;
    this.crd = crd;
    this.object = object;
  }

  CrdCatalog catalog() {
    return catalog;
  }

  Optional<CrdVersion> crd() {
    return crd;
  }

  List<SchemaViolation> violations() {
    if (violations == null) {
      violations = crd.map(c -> c.validator().validate(object)).orElse(List.of());
    }
    return violations;
  }
}
