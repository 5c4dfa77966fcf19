package dev.condlint.rules.schema;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A thread-safe cache that keeps the {@code capacity} most recently used values. A value is computed
 * outside the lock, so a slow computation blocks no other key; two threads that miss the same key at
 * once may both compute it, and the later one is kept.
 */
final class RecentlyUsed<K, V> {
  private final int capacity;
  private final Map<K, V> values;

  RecentlyUsed(int capacity) {
    this.capacity = capacity;
    this.values = new LinkedHashMap<>(16, 0.75f, true);
  }

  V get(K key, Function<K, V> compute) {
    synchronized (values) {
      V v = values.get(key);
      if (v != null) {
        return v;
      }
    }
    V computed = compute.apply(key);
    synchronized (values) {
      values.put(key, computed);
      if (values.size() > capacity) {
        K eldest = values.keySet().iterator().next();
        values.remove(eldest);
      }
    }
    return computed;
  }

  int size() {
    synchronized (values) {
      return values.size();
    }
  }
}
