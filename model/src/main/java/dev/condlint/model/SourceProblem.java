package dev.condlint.model;

/** Something wrong in a source text (it cannot be read, or it says something invalid), and where. */
public record SourceProblem(Position at, String message) {

  /** {@code name:line:column: message}, as compilers print it. */
  public String describe(String name) {
    return name + ":" + at.line() + ":" + at.column() + ": " + message;
  }
}
