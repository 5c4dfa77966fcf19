package dev.condlint.cli.input;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Test assertion files: kuttl's {@code 01-assert.yaml} and {@code 01-errors.yaml}, chainsaw's and
 * other harnesses' {@code assert-ready.yaml}, {@code instance-assert.yaml}. They hold partial objects
 * that a test matches live objects against ({@code status: {conditions: [{type: Ready, status:
 * "True"}]}} with no reason or lastTransitionTime), not objects, so a directory walk leaves them out;
 * named on the command line, they are linted as they are.
 */
public final class TestAssertions {
  // kuttl: a step number, then assert or errors; elsewhere: assert (asserts, asserted, assertion) as a
  // whole word of the name, between '-', '_' or '.'.
  private static final Pattern KUTTL = Pattern.compile("\\d+-(assert|errors)([-_.].*)?");
  private static final Pattern WORD = Pattern.compile("(.*[-_.])?assert(s|ed|ion|ions)?([-_.].*)?");

  private TestAssertions() {}

  public static boolean isAssertionFile(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    return KUTTL.matcher(stem).matches() || WORD.matcher(stem).matches();
  }
}
