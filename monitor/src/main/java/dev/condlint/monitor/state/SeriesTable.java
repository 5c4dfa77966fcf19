package dev.condlint.monitor.state;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of one metric by its label values, bounded: at most {@code max} series are exported, the
 * first to appear; a series that appears while {@code max} are already there is counted as dropped
 * (and exported once earlier ones have gone back to zero). Every series is still counted exactly here,
 * which costs memory in the number of label sets the cluster really has (kinds, rules, namespaces),
 * while Prometheus holds no more than the bound.
 */
public final class SeriesTable {
  private final String metric;
  private final List<String> labelNames;
  private final int max;
  private final LinkedHashMap<List<String>, long[]> values = new LinkedHashMap<>();
  private long dropped;

  SeriesTable(String metric, List<String> labelNames, int max) {
    this.metric = metric;
    this.labelNames = List.copyOf(labelNames);
    this.max = max;
  }

  /** The metric's name, as the drop counter's label names it. */
  public String metric() {
    return metric;
  }

  /** The names of the labels, in the order of each series' values. */
  public List<String> labelNames() {
    return labelNames;
  }

  synchronized void add(List<String> labels, long delta) {
    if (delta == 0) {
      return;
    }
    long[] value = values.get(labels);
    if (value == null) {
      if (values.size() >= max) {
        dropped++;
      }
      value = new long[1];
      values.put(labels, value);
    }
    value[0] += delta;
    if (value[0] == 0) {
      values.remove(labels);
    }
  }

  /** The series exported: the first {@code max} with a value, in the order they appeared. */
  public synchronized List<Map.Entry<List<String>, Long>> exported() {
    List<Map.Entry<List<String>, Long>> out = new ArrayList<>(Math.min(max, values.size()));
    for (Map.Entry<List<String>, long[]> e : values.entrySet()) {
      if (out.size() >= max) {
        break;
      }
      out.add(Map.entry(e.getKey(), e.getValue()[0]));
    }
    return out;
  }

  /** Every series with a value, exported or not. */
  public synchronized Map<List<String>, Long> all() {
    Map<List<String>, Long> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, v[0]));
    return out;
  }

  /** Series that appeared while the bound was reached, since the start. */
  public synchronized long dropped() {
    return dropped;
  }
}
