package dev.condlint.rules.timing;

import java.time.Instant;

/** A time read from an object: the instant, the field it was read from, and the field's JSON pointer. */
public record Moment(Instant at, String field, String pointer) {}
