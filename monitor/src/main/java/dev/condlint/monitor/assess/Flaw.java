package dev.condlint.monitor.assess;

import dev.condlint.model.Severity;

/**
 * A finding as the monitor keeps it, without the object: the rule, its severity, where it points, its
 * message, the field manager that wrote the field it points at, and the contract it rests on ({@code ""}
 * when it rests on none).
 */
public record Flaw(String rule, Severity severity, String pointer, String message, String writer, String basis) {

  /** What identifies a finding across evaluations: its message may say "for 3m" one minute and "for 4m" the next. */
  public record Key(String rule, Severity severity, String pointer) {}

  public Key key() {
    return new Key(rule, severity, pointer);
  }
}
