package dev.condlint.monitor.assess;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One copy of the strings that repeat across objects (pointers, writers, namespaces), up to a bound:
 * 100,000 objects with findings at {@code /status/conditions/0/reason} hold one such string, not
 * 100,000. Past the bound a string is kept as given, so that made-up values cannot grow it.
 */
public final class Interner {
  private final int max;
  private final ConcurrentHashMap<String, String> strings = new ConcurrentHashMap<>();

  public Interner(int max) {
    this.max = max;
  }

  public String of(String s) {
    String known = strings.get(s);
    if (known != null) {
      return known;
    }
    if (strings.size() >= max) {
      return s;
    }
    known = strings.putIfAbsent(s, s);
    return known != null ? known : s;
  }
}
