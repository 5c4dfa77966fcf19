package dev.condlint.yaml;

import dev.condlint.model.Position;
import dev.condlint.model.SourceProblem;

/** Thrown where reading a text must stop: a syntax error or a broken limit, with where it is. */
final class ReadProblem extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Position at;

  ReadProblem(Position at, String message) {
    super(message, null, false, false);
    this.at = at;
  }

  SourceProblem problem() {
    return new SourceProblem(at, getMessage());
  }
}
