package dev.condlint.yaml;

/** Input that could not be read as YAML, or that breaks a limit, with where it happened. */
public record YamlProblem(int line, int column, String message) {}
