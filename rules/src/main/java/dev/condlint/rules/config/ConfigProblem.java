package dev.condlint.rules.config;

/**
 * Something wrong in a configuration file, at a JSON Pointer into it; the front end turns the pointer
 * into a line and column.
 */
public record ConfigProblem(String pointer, String message) {}
