package dev.condlint.rules.api;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
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
 * <p>A fact {@linkplain #ofList of the list} ({@link ObjectCheck#fact(ListFact, ConditionList)}) is
 * worked out from the list itself, its conditions included (its summary conditions, say): the list does
 * not change within one evaluation, so every rule that asks reads the value the first one computed. It
 * must not be null, and should be immutable, as several rules read it.
 *
 * @param <V> the value's type
 */
public final class ListFact<V> {
  private static final AtomicInteger COUNT = new AtomicInteger();

  final int id;
  /** Exactly one of these is set: a fact asked by condition, or one asked by list. */
  private final BiFunction<ObjectCheck, Condition, ? extends V> compute;
  private final BiFunction<ObjectCheck, ConditionList, ? extends V> computeOfList;

  private ListFact(
      BiFunction<ObjectCheck, Condition, ? extends V> compute,
      BiFunction<ObjectCheck, ConditionList, ? extends V> computeOfList) {
    this.id = COUNT.getAndIncrement();
    this.compute = compute;
    this.computeOfList = computeOfList;
  }

  /** A fact worked out by {@code compute} (see the class's note on what it may depend on). */
  public static <V> ListFact<V> of(BiFunction<ObjectCheck, Condition, ? extends V> compute) {
    return new ListFact<>(Objects.requireNonNull(compute), null);
  }

  /** A fact of the list itself, conditions included, worked out by {@code compute} from the list. */
  public static <V> ListFact<V> ofList(BiFunction<ObjectCheck, ConditionList, ? extends V> compute) {
    return new ListFact<>(null, Objects.requireNonNull(compute));
  }

  /** How many facts exist so far: the size a list's slots start with. */
  static int count() {
    return COUNT.get();
  }

  V compute(ObjectCheck check, Condition condition) {
    if (compute == null) {
      throw new IllegalArgumentException("a fact of the list is asked by its list, not by a condition");
    }
    return Objects.requireNonNull(compute.apply(check, condition), "a list fact's value");
  }

  V compute(ObjectCheck check, ConditionList list) {
    if (computeOfList == null) {
      throw new IllegalArgumentException("a fact of a list's conditions is asked by a condition, not by its list");
    }
    return Objects.requireNonNull(computeOfList.apply(check, list), "a list fact's value");
  }
}
