package dev.condlint.model;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the nodes of a document stand in its source, keyed by JSON Pointer. Documents from the
 * webhook have none ({@link #NONE}).
 */
public interface SourceMap {

  SourceMap NONE =
      new SourceMap() {
        @Override
        public Optional<Position> position(String pointer) {
          return Optional.empty();
        }

        @Override
        public Optional<ScalarSource> scalar(String pointer) {
          return Optional.empty();
        }
      };

  /**
   * A source map that asks the front end's parser on demand, as a front end that keeps its parse
   * tree does: positions are needed only where findings are reported.
   */
  static SourceMap of(
      Function<String, Optional<Position>> positions,
      Function<String, Optional<ScalarSource>> scalars,
      List<DuplicateKeySource> duplicateKeys) {
    return of(positions, scalars, duplicateKeys, pointer -> Optional.empty());
  }

  /** {@link #of(Function, Function, List)} with the mappings the source marks as partial ({@link #elision}). */
  static SourceMap of(
      Function<String, Optional<Position>> positions,
      Function<String, Optional<ScalarSource>> scalars,
      List<DuplicateKeySource> duplicateKeys,
      Function<String, Optional<Position>> elisions) {
    List<DuplicateKeySource> duplicates = List.copyOf(duplicateKeys);
    return new SourceMap() {
      @Override
      public Optional<Position> position(String pointer) {
        return positions.apply(pointer);
      }

      @Override
      public Optional<ScalarSource> scalar(String pointer) {
        return scalars.apply(pointer);
      }

      @Override
      public List<DuplicateKeySource> duplicateKeys() {
        return duplicates;
      }

      @Override
      public Optional<Position> elision(String pointer) {
        return elisions.apply(pointer);
      }
    };
  }

  /** The position of the node at exactly this pointer. */
  Optional<Position> position(String pointer);

  /** How the scalar at this pointer was written, when the source was text the front end parsed. */
  Optional<ScalarSource> scalar(String pointer);

  /** Keys the source wrote twice in one mapping; the later value is the one in the tree. */
  default List<DuplicateKeySource> duplicateKeys() {
    return List.of();
  }

  /**
   * Where the source says that the mapping at this pointer shows only part of its fields: the
   * position of the comment that says so ({@code # ...}, {@code # other fields omitted}), which the
   * front end read. Such a mapping is an example's excerpt, not the whole object, so a required field
   * missing from it is no claim about the object. Empty when the source marks nothing (always, for a
   * document without source).
   */
  default Optional<Position> elision(String pointer) {
    return Optional.empty();
  }

  /**
   * The elision comment that makes the node at this pointer, or the mapping that would hold it, partial:
   * the question asked of a missing field (its would-be pointer) and of a null that stands for elided
   * fields ({@code spec:} with only {@code # ...} under it).
   */
  default Optional<Position> partial(String pointer) {
    Optional<Position> own = elision(pointer);
    return own.isPresent() || pointer.isEmpty() ? own : elision(Pointers.parent(pointer));
  }

  /**
   * The position of the node at this pointer or, when it does not exist (a missing field), of its
   * nearest existing ancestor: the object that lacks it.
   */
  default Optional<Position> nearest(String pointer) {
    String p = pointer;
    while (true) {
      Optional<Position> found = position(p);
      if (found.isPresent() || p.isEmpty()) {
        return found;
      }
      p = Pointers.parent(p);
    }
  }
}
