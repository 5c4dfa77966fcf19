package dev.condlint.model;

/**
 * How a scalar was written in its source: its text and whether it was plain (unquoted). Lets the
 * engine see what a YAML 1.1 reader such as kubectl turned into a boolean, number or null.
 */
public record ScalarSource(String text, boolean plain) {}
