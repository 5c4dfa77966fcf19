package dev.condlint.model;

/** A 1-based line and column in a document's source. */
public record Position(int line, int column) implements Comparable<Position> {
  public Position {
    if (line < 1 || column < 1) {
      throw new IllegalArgumentException("positions are 1-based: " + line + ":" + column);
    }
  }

  @Override
  public int compareTo(Position o) {
    return line != o.line ? Integer.compare(line, o.line) : Integer.compare(column, o.column);
  }

  @Override
  public String toString() {
    return line + ":" + column;
  }
}
