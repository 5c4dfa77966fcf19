package dev.condlint.cli.input;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The files directory walks skipped as no Kubernetes manifest, counted by why; files are read on
 * several threads, so counting is synchronised.
 */
public final class SkippedFiles {
  private final Map<NotManifest, Integer> counts = new EnumMap<>(NotManifest.class);

  public synchronized void add(NotManifest why) {
    add(why, 1);
  }

  synchronized void add(NotManifest why, int n) {
    if (n > 0) {
      counts.merge(why, n, Integer::sum);
    }
  }

  public synchronized int total() {
    return counts.values().stream().mapToInt(Integer::intValue).sum();
  }

  /**
   * The one line for standard error, when anything was skipped: how many files and why, and that
   * naming a file reads it strictly. Standard output keeps the report alone.
   */
  public synchronized Optional<String> note(String verb) {
    int total = total();
    if (total == 0) {
      return Optional.empty();
    }
    String why = counts.entrySet().stream().map(e -> e.getKey().count(e.getValue())).collect(Collectors.joining(", "));
    return Optional.of("condlint: note: skipped " + total + (total == 1 ? " file that holds" : " files that hold")
        + " no Kubernetes manifest (" + why + "); name a file to " + verb + " it as it is");
  }
}
