package dev.condlint.monitor.assess;

import dev.condlint.model.Condition;

/** A condition as a stuck object's cause shows it. */
public record ConditionView(String type, String status, String reason, String message, String lastTransitionTime,
    String pointer) {

  static ConditionView of(Condition c) {
    return new ConditionView(c.type().orElse(""), c.status(), c.reason(), c.message(),
        c.text("lastTransitionTime").orElse(""), c.pointer());
  }
}
