package dev.condlint.yaml;

/** How a scalar was written: its source text, and whether it was plain (unquoted, untagged). */
public record ScalarInfo(String text, boolean plain) {}
