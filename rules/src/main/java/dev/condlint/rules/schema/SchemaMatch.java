package dev.condlint.rules.schema;

/**
 * The schema found for an object of a kind: at the object's own version ({@link #exact}), or, where no
 * source has that version, at the nearest version of the same kind.
 */
public record SchemaMatch(KindSchema schema, String wantedVersion) {

  public boolean exact() {
    return schema.version().equals(wantedVersion);
  }

  /**
   * The schema in words, spelling the kind as the object does: {@code CRD schema of group/Kind v1,
   * datreeio/CRDs-catalog@7b1e26e}, or {@code Go types of group/Kind v1, owner/repo@abc1234} where a project's Go
   * API types were read, and for another version, that it is the nearest.
   */
  public String describe(String kind) {
    String version = exact() ? schema.version()
        : schema.version() + " (the nearest version to " + wantedVersion + " it has)";
    return schema.origin().form() + " of " + schema.group() + "/" + kind + " " + version + ", " + schema.origin().name();
  }
}
