package dev.condlint.rules.schema;

/**
 * A way an object breaks its CRD's schema, at the offending node. {@code pruned} marks a field the
 * schema does not know, which the API server silently drops rather than rejects.
 */
public record SchemaViolation(String pointer, String message, boolean pruned) {}
