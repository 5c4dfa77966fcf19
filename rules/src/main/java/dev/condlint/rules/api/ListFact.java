package dev.condlint.rules.api;

import dev.condlint.model.Condition;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * A value that every condition of one condition list shares within one object (a limit, a pattern or a
 * schema its contract gives the list), computed once per list and object, whichever rule asks first, and
 * then read by {@link ObjectCheck#fact} as an array slot of the list: no key is built, hashed or compared
 * per ask. A rule declares each such value once, as a constant:
 *
 * <pre>{@code
 * static final ListFact<Optional<Limit>> MESSAGE_MAX = ListFact.of((check, c) -> ...);
 * }</pre>
 *
 * <p>{@code compute} receives the first condition of the list that asked; its value must depend only on
 * what every condition of the list shares (the list's contract, the profile's settings, the catalogue),
 * not on that condition's own fields, and must not be null.
 *
 * @param <V> the value's type
 */
public final class ListFact<V> {
  private static final AtomicInteger COUNT = new AtomicInteger();

  final int id;
  private final BiFunction<ObjectCheck, Condition, ? extends V> compute;

  private ListFact(BiFunction<ObjectCheck, Condition, ? extends V> compute) {
    this.id = COUNT.getAndIncrement();
    this.compute = Objects.requireNonNull(compute);
  }

  /** A fact worked out by {@code compute} (see the class's note on what it may depend on). */
  public static <V> ListFact<V> of(BiFunction<ObjectCheck, Condition, ? extends V> compute) {
    return new ListFact<>(compute);
  }

  /** How many facts exist so far: the size a list's slots start with. */
  static int count() {
    return COUNT.get();
  }

  V compute(ObjectCheck check, Condition condition) {
    return Objects.requireNonNull(compute.apply(check, condition), "a list fact's value");
  }
}
