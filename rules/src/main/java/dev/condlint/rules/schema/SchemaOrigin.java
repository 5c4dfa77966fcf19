package dev.condlint.rules.schema;

/**
 * Where a kind's schema was read: the source in a few words that name its version
 * ({@code datreeio/CRDs-catalog@7b1e26e}, a {@code --schema-location} as written), and the citation
 * of the file within it ({@code datreeio/CRDs-catalog k8s.mariadb.com/backup_v1alpha1.json@7b1e26ef9dee},
 * or the URL or path that was read), and what was read, as a basis names it: "CRD schema", or "Go types" where a
 * project's Go API types stand for the CRD it generates and never commits.
 */
public record SchemaOrigin(String name, String citation, String form) {
  /** A schema read from a CRD or a JSON Schema of one: {@link #form} is "CRD schema". */
  public SchemaOrigin(String name, String citation) {
    this(name, citation, "CRD schema");
  }
}
