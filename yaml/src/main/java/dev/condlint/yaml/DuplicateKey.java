package dev.condlint.yaml;

/**
 * A mapping key written twice. The later value wins (as in kubectl's non-strict decoding); this
 * records where each stood so a linter can say so instead of overwriting silently.
 */
public record DuplicateKey(String pointer, String key, SourcePosition at, SourcePosition first) {}
