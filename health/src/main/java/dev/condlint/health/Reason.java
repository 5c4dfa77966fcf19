package dev.condlint.health;

import java.util.Optional;

/**
 * Why the judgement decided as it did: the step ({@link Rule}), the condition type that decided, if one
 * did, and a sentence a user can follow.
 */
public record Reason(Rule rule, Optional<String> condition, String detail) {

  static Reason of(Rule rule, String detail) {
    return new Reason(rule, Optional.empty(), detail);
  }

  static Reason of(Rule rule, String condition, String detail) {
    return new Reason(rule, Optional.of(condition), detail);
  }
}
