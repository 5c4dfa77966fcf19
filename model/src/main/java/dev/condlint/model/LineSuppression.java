package dev.condlint.model;

import java.util.Set;

/**
 * A suppression written in the source (in YAML, {@code # condlint:ignore rule-a,rule-b -- why}):
 * findings of these rules on line {@code targetLine} are dropped. {@code at} is where the
 * suppression itself is written, for reporting one that suppresses nothing.
 */
public record LineSuppression(int targetLine, Set<String> rules, String reason, Position at) {}
