package dev.condlint.yaml;

/**
 * A comment, without its {@code #}. {@code trailing} is true when code precedes it on its line
 * ({@code status: "True"  # why}), false when it stands on a line of its own.
 */
public record Comment(SourcePosition at, String text, boolean trailing) {}
