package dev.condlint.rules.testing;

import java.util.ArrayList;
import java.util.List;

/** Every short string over an alphabet: for holding a regular expression to the check it restates. */
public final class ShortStrings {
  private ShortStrings() {}

  /** {@code prefix} followed by every string of up to {@code length} characters of {@code alphabet}. */
  public static List<String> all(String prefix, String alphabet, int length) {
    List<String> out = new ArrayList<>(List.of(prefix));
    List<String> last = List.of(prefix);
    for (int n = 0; n < length; n++) {
      List<String> next = new ArrayList<>();
      for (String s : last) {
        for (char c : alphabet.toCharArray()) {
          next.add(s + c);
        }
      }
      out.addAll(next);
      last = next;
    }
    return out;
  }
}
