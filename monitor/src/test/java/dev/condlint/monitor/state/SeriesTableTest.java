package dev.condlint.monitor.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A metric's series bounded: the first to appear are exported, later ones counted as dropped until room frees. */
class SeriesTableTest {
  private static List<String> labels(String kind) {
    return List.of("example.com", kind);
  }

  @Test
  void theFirstSeriesToAppearAreExportedAndTheRestCountedAsDropped() {
    SeriesTable t = new SeriesTable("condlint_objects", List.of("group", "kind"), 2);
    t.add(labels("Widget"), 3);
    t.add(labels("Gadget"), 1);
    t.add(labels("Sprocket"), 5);
    t.add(labels("Sprocket"), 1);
    assertEquals(List.of(Map.entry(labels("Widget"), 3L), Map.entry(labels("Gadget"), 1L)), t.exported());
    assertEquals(1, t.dropped());
    assertEquals(Map.of(labels("Widget"), 3L, labels("Gadget"), 1L, labels("Sprocket"), 6L), t.all());

    // A series back at zero goes, and the one dropped is exported in its place, with its exact value.
    t.add(labels("Gadget"), -1);
    assertEquals(List.of(Map.entry(labels("Widget"), 3L), Map.entry(labels("Sprocket"), 6L)), t.exported());
    assertEquals(1, t.dropped());

    t.add(labels("Gadget"), 1);
    assertEquals(2, t.dropped());
    t.add(labels("Nothing"), 0);
    assertEquals(2, t.dropped());
  }
}
