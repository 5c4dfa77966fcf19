package dev.condlint.yaml;

/** A 1-based line and column in a source text. */
public record SourcePosition(int line, int column) {}
