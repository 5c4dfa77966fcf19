package dev.condlint.model;

/** A mapping key written twice in the source: where the later one stands, and the first. */
public record DuplicateKeySource(String pointer, String key, Position at, Position first) {}
