package dev.condlint.rules.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.ShortStrings;
import java.nio.file.FileSystems;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

/** The schema's glob pattern accepts what the JDK's path matcher accepts, on every short string. */
class PathGlobsTest {
  private static final String ALPHABET = "az-/\\[]{}!^,";

  @Test
  void theRegexAndThePathMatcherAgreeSaveOnRangesThatRunDownwards() {
    Pattern valid = Pattern.compile(PathGlobs.VALID);
    List<String> strings = new ArrayList<>(List.of("**/templates/**", "charts/[abc", "{a,{b}}", "[+-/]",
        "[a-c-e]", "[!-a]", "[^-a]", "x\\", "{[}]}", "[a&&b]", "[\\]", "[]]", "[!]]", "[^]]"));
    strings.addAll(ShortStrings.all("", ALPHABET, 4));
    for (String s : strings) {
      String refusal = refusal(s);
      boolean accepted = valid.matcher(s).matches();
      if (accepted && refusal != null && refusal.equals("Invalid range") && runsDownwards(s)) {
        continue;
      }
      assertEquals(refusal == null, accepted, "'" + s + "': " + refusal);
    }
  }

  private static String refusal(String glob) {
    try {
      FileSystems.getDefault().getPathMatcher("glob:" + glob);
      return null;
    } catch (PatternSyntaxException e) {
      return e.getDescription();
    }
  }

  /** Whether some x-y, x no dash, has y before x: a range that may run downwards. */
  private static boolean runsDownwards(String s) {
    for (int i = 1; i + 1 < s.length(); i++) {
      if (s.charAt(i) == '-' && s.charAt(i - 1) != '-' && s.charAt(i + 1) < s.charAt(i - 1)) {
        return true;
      }
    }
    return false;
  }
}
