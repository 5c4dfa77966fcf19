package dev.condlint.rules.schema;

/**
 * Where a kind's schema was read: the source in a few words that name its version
 * ({@code datreeio/CRDs-catalog@7b1e26e}, a {@code --schema-location} as written), and the citation
 * of the file within it ({@code datreeio/CRDs-catalog k8s.mariadb.com/backup_v1alpha1.json@7b1e26ef9dee},
 * or the URL or path that was read).
 */
public record SchemaOrigin(String name, String citation) {}
