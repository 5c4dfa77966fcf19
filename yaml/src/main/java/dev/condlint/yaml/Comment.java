package dev.condlint.yaml;

import dev.condlint.model.Position;

/**
 * A comment, without its {@code #}. {@code trailing} is true when code precedes it on its line
 * ({@code status: "True"  # why}), false when it stands on a line of its own.
 */
public record Comment(Position at, String text, boolean trailing) {}
