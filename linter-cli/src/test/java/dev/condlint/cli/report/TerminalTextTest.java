package dev.condlint.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a terminal would act on, rather than show, is escaped; everything else is left alone. */
class TerminalTextTest {

  @Test
  void escapesC0AndC1ControlsAndDelete() {
    assertEquals("a\\u001B[31mb\\u0007c\\u000Bd\\u007Ff\\u009Bg\\u0085\\u0000",
        TerminalText.escape("a\u001B[31mb\u0007c\u000Bd\u007Ff\u009Bg\u0085\u0000"));
  }

  @Test
  void lineBreaksAndTabsAreShownAsGoAndJsonQuoteThem() {
    assertEquals("first line\\nsecond\\r\\nthird\\tcolumn",
        TerminalText.escape("first line\nsecond\r\nthird\tcolumn"));
  }

  @Test
  void escapesBidirectionalControlsAndLineSeparators() {
    assertEquals("x\\u202Ey\\u2066z\\u200F\\u061C\\u2028\\u2029",
        TerminalText.escape("x\u202Ey\u2066z\u200F\u061C\u2028\u2029"));
  }

  @Test
  void leavesPrintableTextAsItIs() {
    String text = "Ready \"True\" — déjà vu 漢字 🙂 \\u001B (already escaped)";
    assertEquals(text, TerminalText.escape(text));
  }
}
