package dev.condlint.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The escaping each format needs for text quoted from user files. */
class EscapingTest {

  @Test
  void githubMessagesEscapePercentAndLineBreaks() {
    assertEquals("100%25 done%0D%0Anext: a,b", GithubFormat.data("100% done\r\nnext: a,b"));
  }

  @Test
  void githubPropertiesAlsoEscapeColonAndComma() {
    assertEquals("C%3A/dir%2Cx/50%25.yaml", GithubFormat.property("C:/dir,x/50%.yaml"));
  }

  @Test
  void sarifUrisAreRelativeReferencesWithSpacesEscaped() {
    assertEquals("dir%20with%20space/a.yaml", SarifFormat.uri("dir with space/a.yaml"));
    assertEquals("dir/a.yaml", SarifFormat.uri("dir\\a.yaml"));
  }

  @Test
  void junitReplacesCharactersXmlCannotHold() {
    assertEquals("a\uFFFDb\tc", JunitFormat.clean("a\u0001b\tc"));
  }
}
