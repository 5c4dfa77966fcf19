package dev.condlint.cli.audit.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TerminalProgressTest {
  private final StringWriter out = new StringWriter();
  private long now;
  private final TerminalProgress progress = new TerminalProgress(new PrintWriter(out), () -> now);

  @Test
  void theLineIsRewrittenInPlaceAtMostTenTimesASecondAndTheLastOneAlwaysShows() {
    progress.advanced(0, 3, 0);
    now += 50_000_000L;
    progress.advanced(0, 3, 1);      // too soon: not shown
    now += 60_000_000L;
    progress.advanced(0, 3, 2);
    progress.advanced(1, 3, 2);      // too soon: not shown
    progress.advanced(3, 3, 12345);  // the end: always shown

    assertEquals("\rcondlint audit: 0 of 3 resources listed, 0 objects read"
        + "\rcondlint audit: 0 of 3 resources listed, 2 objects read"
        + "\rcondlint audit: 3 of 3 resources listed, 12345 objects read", out.toString());
  }

  @Test
  void aShorterLineBlanksTheRestOfTheLongerOneAndTheEndErasesTheLine() {
    progress.advanced(0, 10, 12345);
    progress.advanced(10, 10, 0);
    progress.end();

    String longer = "condlint audit: 0 of 10 resources listed, 12345 objects read";
    String shorter = "condlint audit: 10 of 10 resources listed, 0 objects read";
    assertEquals("\r" + longer + "\r" + shorter + " ".repeat(longer.length() - shorter.length())
        + "\r" + " ".repeat(shorter.length()) + "\r", out.toString());
  }

  @Test
  void nothingShownIsNothingErased() {
    progress.end();

    assertEquals("", out.toString());
  }
}
