package dev.condlint.rules.text;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** "Did you mean" for misspelt names: the closest known name, when it is close enough to be a typo. */
public final class Suggestions {
  private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

  private Suggestions() {}

  /**
   * The candidate nearest to {@code input} by edit distance (ignoring case), among those at most two
   * edits or a third of the input's length away, or that the input abbreviates ({@code warn} for
   * {@code warning}); farther names are not typos but other words.
   */
  public static Optional<String> closest(String input, Collection<String> candidates) {
    String lower = input.toLowerCase(Locale.ROOT);
    int limit = Math.max(2, input.length() / 3);
    return candidates.stream()
        .filter(c -> distance(lower, c) <= limit || abbreviates(lower, c))
        .min(Comparator.comparingInt((String c) -> distance(lower, c)));
  }

  private static boolean abbreviates(String lowerInput, String candidate) {
    return lowerInput.length() >= 3 && candidate.toLowerCase(Locale.ROOT).startsWith(lowerInput);
  }

  /** {@code "; did you mean 'x'?"}, or nothing when no candidate is close. */
  public static String didYouMean(String input, Collection<String> candidates) {
    return closest(input, candidates).map(c -> "; did you mean '" + c + "'?").orElse("");
  }

  private static int distance(String lowerInput, String candidate) {
    return DISTANCE.apply(lowerInput, candidate.toLowerCase(Locale.ROOT));
  }
}
