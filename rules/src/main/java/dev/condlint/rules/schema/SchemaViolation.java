package dev.condlint.rules.schema;

/** A way an object breaks its CRD's schema, at the offending node. */
public record SchemaViolation(String pointer, String message, Kind kind) {

  /** What the API server does about it. */
  public enum Kind {
    /** A value the schema does not allow: the API server rejects the object. */
    INVALID,
    /** A field the schema requires is absent (its pointer is the field's): the API server rejects the object. */
    REQUIRED_MISSING,
    /** A field the schema does not know: the API server silently drops it. */
    UNKNOWN_FIELD,
    /** A null the schema does not allow, without a default: the API server silently drops it. */
    DROPPED_NULL
  }

  /** Whether the API server drops the node rather than rejecting the object. */
  public boolean pruned() {
    return kind == Kind.UNKNOWN_FIELD || kind == Kind.DROPPED_NULL;
  }
}
