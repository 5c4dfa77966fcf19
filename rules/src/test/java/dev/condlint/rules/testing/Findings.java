package dev.condlint.rules.testing;

import dev.condlint.model.Finding;
import java.util.List;

/** Findings as short lines for exact assertions: {@code LINE:COL severity rule-id pointer}. */
public final class Findings {
  private Findings() {}

  public static String line(Finding f) {
    return f.position().map(Object::toString).orElse("-") + " " + f.severity().label() + " " + f.ruleId()
        + " " + f.pointer();
  }

  public static List<String> lines(List<Finding> findings) {
    return findings.stream().map(Findings::line).toList();
  }
}
