package dev.condlint.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SeverityTest {
  @Test
  void minAndMaxPickTheLesserAndTheGreaterSeverity() {
    assertEquals(Severity.INFO, Severity.min(Severity.INFO, Severity.ERROR));
    assertEquals(Severity.WARNING, Severity.min(Severity.ERROR, Severity.WARNING));
    assertEquals(Severity.ERROR, Severity.max(Severity.INFO, Severity.ERROR));
    assertEquals(Severity.ERROR, Severity.max(Severity.ERROR, Severity.WARNING));
    assertEquals(Severity.WARNING, Severity.max(Severity.WARNING, Severity.WARNING));
  }
}
