package dev.condlint.cli.report;

/** The values of {@code --format} for the lists that {@code rules}, {@code status} and {@code explain} print. */
public enum ListFormat { TEXT, JSON }
