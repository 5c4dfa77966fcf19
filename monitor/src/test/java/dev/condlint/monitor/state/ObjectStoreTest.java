package dev.condlint.monitor.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.model.Severity;
import dev.condlint.monitor.TestClock;
import dev.condlint.monitor.assess.Assessment;
import dev.condlint.monitor.assess.Flaw;
import dev.condlint.monitor.assess.Interner;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The store's bookkeeping of time: an object has at most one look at a later time waiting, the one of
 * its latest assessment; a look taken after the object changed or went does not bring back what it was.
 */
class ObjectStoreTest {
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
  private static final WatchedKind WIDGET = new WatchedKind("example.com", "v1", "widgets", "Widget", true);
  private static final Flaw LATE = new Flaw("progress-deadline-exceeded", Severity.WARNING, "/status/conditions/0",
      "late", "widget-controller", "");

  private final TestClock clock = new TestClock(T0);
  private final ObjectStore store = new ObjectStore(new ObjectStore.Options(false, 100), clock, new Interner(100));

  private static Assessment assessment(List<Flaw> findings, Optional<Instant> recheckAt) {
    return new Assessment(findings, "InProgress", List.of(), List.of(), "", recheckAt, T0);
  }

  private Map<List<String>, Long> findings() {
    return store.findingsTable().all();
  }

  @Test
  void eachChangeOfAnObjectReplacesItsWaitingLook() {
    store.put(WIDGET, 1, "shop", "a", "uid-a", "1", assessment(List.of(), Optional.of(T0.plusSeconds(600))));
    store.put(WIDGET, 1, "shop", "a", "uid-a", "2", assessment(List.of(), Optional.of(T0.plusSeconds(300))));
    store.put(WIDGET, 1, "shop", "a", "uid-a", "3", assessment(List.of(), Optional.of(T0.plusSeconds(900))));
    assertEquals(1, store.dueWaiting());

    clock.advance(Duration.ofSeconds(600));
    assertEquals(List.of(), store.takeDue(10), "the looks of versions 1 and 2 are gone");
    clock.advance(Duration.ofSeconds(300));
    assertEquals(List.of(new ObjectStore.Due(T0.plusSeconds(900), "uid-a", "3")), store.takeDue(10));
    assertEquals(0, store.dueWaiting());
    assertEquals(List.of(), store.takeDue(10), "taken once");
  }

  @Test
  void anAssessmentWithNoDeadlineOrADeletionCancelsTheLook() {
    store.put(WIDGET, 1, "shop", "a", "uid-a", "1", assessment(List.of(), Optional.of(T0.plusSeconds(60))));
    store.put(WIDGET, 1, "shop", "a", "uid-a", "2", assessment(List.of(), Optional.empty()));
    store.put(WIDGET, 1, "shop", "b", "uid-b", "5", assessment(List.of(), Optional.of(T0.plusSeconds(60))));
    store.put(WIDGET, 1, "shop", "c", "uid-c", "7", assessment(List.of(), Optional.of(T0.plusSeconds(60))));
    assertEquals(2, store.dueWaiting());
    store.remove("uid-b");
    assertEquals(2, store.removeKind(WIDGET), "a and c");
    assertEquals(0, store.dueWaiting());
    clock.advance(Duration.ofMinutes(5));
    assertEquals(List.of(), store.takeDue(10));
  }

  @Test
  void aLookAtALaterTimeReplacesOnlyTheVersionItRead() {
    store.put(WIDGET, 1, "shop", "a", "uid-a", "1", assessment(List.of(), Optional.of(T0.plusSeconds(60))));
    // An event overtook the look: version 2 is kept, without findings.
    store.put(WIDGET, 1, "shop", "a", "uid-a", "2", assessment(List.of(), Optional.empty()));
    assertFalse(store.replace(WIDGET, 1, "shop", "a", "uid-a", "1", assessment(List.of(LATE), Optional.empty())));
    assertEquals("2", store.get("uid-a").orElseThrow().resourceVersion());
    assertEquals(Map.of(), findings());

    // The look of the version the store has replaces its assessment.
    assertTrue(store.replace(WIDGET, 1, "shop", "a", "uid-a", "2", assessment(List.of(LATE), Optional.empty())));
    assertEquals(Map.of(List.of("progress-deadline-exceeded", "warning", "example.com", "Widget"), 1L), findings());

    // A look taken after the object was deleted does not bring it back.
    store.remove("uid-a");
    assertFalse(store.replace(WIDGET, 1, "shop", "a", "uid-a", "2", assessment(List.of(LATE), Optional.empty())));
    assertEquals(Optional.empty(), store.get("uid-a"));
    assertEquals(0, store.size());
    assertEquals(Map.of(), findings());
  }
}
