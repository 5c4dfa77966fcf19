package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What requests hold of the in-flight bound, per connection, and who gives way when it is reached. */
class InflightBudgetTest {
  private final List<String> evicted = new ArrayList<>();

  private InflightBudget.Holder open(InflightBudget.Connection connection, String name) {
    return connection.open(() -> evicted.add(name));
  }

  @Test
  void holdersHoldWhatTheyGrowByUntilTheyClose() {
    InflightBudget budget = new InflightBudget(100);
    InflightBudget.Holder a = open(budget.connection(), "a");
    assertTrue(a.grow(60));
    assertTrue(a.grow(40));
    assertEquals(100, budget.used());
    assertFalse(a.grow(1));
    assertEquals(100, a.held());
    a.close();
    assertEquals(0, budget.used());
    assertFalse(a.grow(1));
    assertEquals(List.of(), evicted);
  }

  @Test
  void atTheBoundTheConnectionHoldingTheMostInArrivingBodiesGivesWayItsNewestFirst() {
    InflightBudget budget = new InflightBudget(100);
    InflightBudget.Connection hog = budget.connection();
    InflightBudget.Holder older = open(hog, "older");
    InflightBudget.Holder newer = open(hog, "newer");
    assertTrue(older.grow(40));
    assertTrue(newer.grow(40));
    InflightBudget.Connection other = budget.connection();
    InflightBudget.Holder review = open(other, "review");
    assertTrue(review.grow(20));
    // 30 more: the hog holds 80, this connection would hold 50; the hog's newest body gives way.
    assertTrue(review.grow(30));
    assertEquals(List.of("newer"), evicted);
    assertEquals(0, newer.held());
    assertFalse(newer.grow(1));
    assertEquals(90, budget.used());
    // Now the hog holds 40 and this one would hold 60: it holds the most, and is refused.
    assertFalse(review.grow(20));
    assertEquals(List.of("newer"), evicted);
  }

  @Test
  void decodedObjectsNoLongerGiveWay() {
    InflightBudget budget = new InflightBudget(100);
    InflightBudget.Connection big = budget.connection();
    InflightBudget.Holder decoded = open(big, "decoded");
    assertTrue(decoded.grow(90));
    assertTrue(decoded.replace(80));
    assertEquals(80, budget.used());
    InflightBudget.Holder small = open(budget.connection(), "small");
    assertFalse(small.grow(30));
    assertEquals(List.of(), evicted);
    // A replacement that does not fit leaves the holder with nothing.
    assertFalse(decoded.replace(101));
    assertEquals(0, budget.used());
  }

  @Test
  void aConnectionHoldsAtMostItsShare() {
    InflightBudget budget = new InflightBudget(100, 50);
    InflightBudget.Connection one = budget.connection();
    InflightBudget.Holder a = open(one, "a");
    InflightBudget.Holder b = open(one, "b");
    assertTrue(a.grow(30));
    assertFalse(b.grow(21));
    assertTrue(b.grow(20));
    assertEquals(50, one.held());
    assertTrue(open(budget.connection(), "other").grow(50));
    assertThrows(IllegalArgumentException.class, () -> new InflightBudget(100, 101));
  }
}
