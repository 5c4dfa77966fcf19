package dev.condlint.cli.input;

import dev.condlint.model.SourceProblem;
import java.util.OptionalInt;

/**
 * Input that could not be read or parsed: which file, where (when a position is known) and what is
 * wrong with it.
 */
public record InputError(String file, OptionalInt line, OptionalInt column, String message) {

  public static InputError at(String file, int line, int column, String message) {
    return new InputError(file, OptionalInt.of(line), OptionalInt.of(column), message);
  }

  /** A problem the reader found in a file, at its line and column. */
  public static InputError of(String file, SourceProblem problem) {
    return at(file, problem.at().line(), problem.at().column(), problem.message());
  }

  public static InputError of(String file, String message) {
    return new InputError(file, OptionalInt.empty(), OptionalInt.empty(), message);
  }

  /** {@code file:line:col} or just {@code file}, as compilers print it. */
  public String location() {
    return line.isPresent() ? file + ":" + line.getAsInt() + ":" + column.orElse(1) : file;
  }
}
