package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import java.util.List;
import java.util.Optional;

/** What one {@link ContractSource} says of one kind; a source that says nothing of it says {@link #SILENT}. */
interface Testimony {
  Testimony SILENT = new Testimony() {
    @Override
    public boolean readsOnlyPathAndProfile() {
      return true;
    }
  };

  /**
   * A testimony that reads each list of the object (and so is never kept per kind and path): it says only
   * what {@code listAt} gives for a list, given what stronger sources said of it.
   */
  static Testimony ofEachList(java.util.function.BiFunction<ListQuery, List<Said>, List<Said>> listAt) {
    return new Testimony() {
      @Override
      public List<Said> listAt(ListQuery list, List<Said> stronger) {
        return listAt.apply(list, stronger);
      }
    };
  }

  /** The basis of what it says of the kind as a whole, if it speaks for the kind itself. */
  default Optional<ContractBasis> basis() {
    return Optional.empty();
  }

  /** Whether it gives the kind's schema: a kind's schema comes from one place, the strongest that has it. */
  default boolean isSchema() {
    return false;
  }

  /** The condition list paths (or path patterns) it speaks of. */
  default List<String> listPaths() {
    return List.of();
  }

  /** What it says of a list, given what the stronger sources said of it, strongest entry first. */
  default List<Said> listAt(ListQuery list, List<Said> stronger) {
    return List.of();
  }

  /**
   * Whether what it says of a list depends on nothing but the list's path, the object's profile and what
   * stronger sources said: not on the object's conditions or what holds them. What such testimonies say
   * is worked out once per kind, path and profile rather than for every object. A testimony that reads
   * the object must leave this false.
   */
  default boolean readsOnlyPathAndProfile() {
    return false;
  }

  /** The timing of the system that reconciles the kind. */
  default Optional<Known<Timing>> timing() {
    return Optional.empty();
  }
}
