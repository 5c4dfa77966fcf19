package dev.condlint.cluster;

/** Told how a read advances, from the threads that list; a terminal line shows it, a report ignores it. */
public interface Progress {
  Progress NONE = (done, total, objects) -> {};

  /** {@code done} of {@code total} resources listed, {@code objects} objects read so far. */
  void advanced(int done, int total, long objects);
}
